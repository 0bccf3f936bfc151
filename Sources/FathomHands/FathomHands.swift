// FathomHands: a real hand pushing virtual objects (ARML's core, open).
//
// A `SegmentationModel` turns a camera image into a hand mask; the `InferenceScheduler` runs at most one
// inference at a time on the newest frame. `FingertipDetector` finds the top-most robust hand pixel
// (orientation-aware), a `PinholeCamera` ray carries it onto a `TouchSurface` or the point cloud
// (`TouchScene`), `TouchTracker` smooths it with a One Euro filter, and `PhysicsWorld` lets the touch
// push balls resting on planes. See `docs/hands.md`.
import FathomCore
