import FathomCore
