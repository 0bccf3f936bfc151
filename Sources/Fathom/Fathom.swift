// The umbrella module: `import Fathom` brings every capability.
@_exported import FathomCore
@_exported import FathomIO
@_exported import FathomSimulator
@_exported import FathomSurfaces
@_exported import FathomSensing
@_exported import FathomScan
@_exported import FathomHands
@_exported import FathomPlan
@_exported import FathomRegistration
@_exported import FathomAnchors
@_exported import FathomImport
