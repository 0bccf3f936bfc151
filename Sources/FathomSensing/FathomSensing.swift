// FathomSensing: the two point sources of AR apps.
//
// Raw feature points: `FeaturePointAccumulator` keeps up to 100 samples per identifier and filters
// them (2σ on the distances to the mean); `StabilizationGate` says when tracking has settled.
// LiDAR depth: `DepthCloudBuilder` unprojects, colours and filters a depth frame; `GuidedDepthUpsampler`
// enlarges depth with a fast guided filter; `DepthColorMap` and `ConfidenceColorMap` draw it;
// `VoxelFusion` and `DepthFusionPipeline` fuse frames into a bounded world cloud.
// See `docs/point-sources.md`.
import FathomCore
