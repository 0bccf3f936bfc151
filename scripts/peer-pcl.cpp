// PCL peer for the surface finder: times PCL's SACSegmentation on the crowded-scene cases that
// `fathom-bench --reports --filter surfaces/crowded` exports (FATHOM_CROWDED_EXPORT), the way a user
// would run it from a seed: the points within 4 x the seed radius of the seed (the crop, timed
// apart), RANSAC with a 3 x accuracy threshold (PCL's adaptive stop at probability 0.99, at most
// 1000 iterations) and PCL's own refinement of the coefficients. Planes and spheres use
// SACSegmentation; cylinders and cones SACSegmentationFromNormals with normals estimated from the
// 20 nearest neighbours of each crop point (timed as part of the call).
//
// Built and run by scripts/peer-pcl.py; prints one line per case:
//   name <tab> crop_ms <tab> pcl_ms <tab> found (0/1) <tab> crop points <tab> inliers
// where the times are the median thread CPU time over the repeats and `found` uses the benchmark's
// rule (normal or axis within 10 degrees; plane offset within 5 cm; radius or half angle within 10%).
#include <pcl/ModelCoefficients.h>
#include <pcl/features/normal_3d.h>
#include <pcl/point_types.h>
#include <pcl/sample_consensus/method_types.h>
#include <pcl/sample_consensus/model_types.h>
#include <pcl/search/kdtree.h>
#include <pcl/segmentation/sac_segmentation.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Thread CPU time, milliseconds.
double threadMilliseconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? NAN : v[v.size() / 2];
}

// The benchmark's acceptance: a normal or axis within this many degrees…
constexpr double kAxisToleranceDegrees = 10;
// …a radius or half angle within this fraction of the truth…
constexpr double kRadiusTolerance = 0.1;
// …and a plane within this offset, metres.
constexpr double kPlaneOffsetTolerance = 0.05;
// The crop: points within this many seed radii of the seed.
constexpr float kCropSeedRadii = 4;
// The inlier threshold in units of the accuracy.
constexpr double kThresholdAccuracies = 3;
// Neighbours per normal estimate (cylinders, cones).
constexpr int kNormalNeighbours = 20;
// RANSAC iterations at most (PCL stops earlier once 0.99 probability is reached).
constexpr int kMaximumIterations = 1000;
// Repeats per case (the median is reported).
constexpr int kRepeats = 5;

struct Vec { double x, y, z; };
double dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
double norm(Vec a) { return std::sqrt(dot(a, a)); }
double axisDegrees(Vec a, Vec b) {
    double c = std::fabs(dot(a, b)) / (norm(a) * norm(b));
    return std::acos(std::min(1.0, c)) * 180 / M_PI;
}

// Whether PCL's coefficients are the case's object (truth numbers as the benchmark exports them).
bool isObject(const std::string& kind, const std::vector<float>& c, const std::vector<double>& t) {
    if (kind == "plane" && c.size() >= 4) {
        Vec n{c[0], c[1], c[2]}, tn{t[3], t[4], t[5]};
        double offset = std::fabs(dot(n, Vec{t[0], t[1], t[2]}) + c[3]) / norm(n);
        return axisDegrees(n, tn) <= kAxisToleranceDegrees && offset <= kPlaneOffsetTolerance;
    }
    if (kind == "sphere" && c.size() >= 4) return std::fabs(c[3] - t[3]) <= kRadiusTolerance * t[3];
    if (kind == "cylinder" && c.size() >= 7)
        return std::fabs(c[6] - t[6]) <= kRadiusTolerance * t[6]
            && axisDegrees(Vec{c[3], c[4], c[5]}, Vec{t[3], t[4], t[5]}) <= kAxisToleranceDegrees;
    if (kind == "cone" && c.size() >= 7)
        return std::fabs(c[6] - t[6]) <= kRadiusTolerance * t[6]
            && axisDegrees(Vec{c[3], c[4], c[5]}, Vec{t[3], t[4], t[5]}) <= kAxisToleranceDegrees;
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: peer-pcl CASES_FOLDER\n";
        return 2;
    }
    const std::string folder = argv[1];
    std::ifstream table(folder + "/cases.tsv");
    std::string line;
    std::getline(table, line);  // header
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string name, points, seed, seedRadiusText, accuracyText, fathomMs, fathomFound, truthText;
        std::getline(fields, name, '\t');
        std::getline(fields, points, '\t');
        std::getline(fields, seed, '\t');
        std::getline(fields, seedRadiusText, '\t');
        std::getline(fields, accuracyText, '\t');
        std::getline(fields, fathomMs, '\t');
        std::getline(fields, fathomFound, '\t');
        std::getline(fields, truthText, '\t');
        const std::string kind = name.substr(0, name.find('-'));
        int model;
        bool withNormals = false;
        if (kind == "plane") model = pcl::SACMODEL_PLANE;
        else if (kind == "sphere") model = pcl::SACMODEL_SPHERE;
        else if (kind == "cylinder") { model = pcl::SACMODEL_CYLINDER; withNormals = true; }
        else if (kind == "cone") { model = pcl::SACMODEL_CONE; withNormals = true; }
        else continue;  // no torus model in this PCL
        std::vector<double> truth;
        std::istringstream numbers(truthText);
        for (double v; numbers >> v;) truth.push_back(v);
        const float seedRadius = std::stof(seedRadiusText);
        const double accuracy = std::stod(accuracyText);
        const int seedIndex = std::stoi(seed);

        // Raw little-endian float32 x y z.
        std::ifstream raw(folder + "/" + name + ".f32", std::ios::binary | std::ios::ate);
        const auto bytes = static_cast<size_t>(raw.tellg());
        raw.seekg(0);
        std::vector<float> values(bytes / sizeof(float));
        raw.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(bytes));
        const size_t count = values.size() / 3;

        std::vector<double> cropTimes, pclTimes;
        bool found = false;
        size_t cropCount = 0, inlierCount = 0;
        for (int repeat = 0; repeat < kRepeats; ++repeat) {
            const double t0 = threadMilliseconds();
            pcl::PointCloud<pcl::PointXYZ>::Ptr crop(new pcl::PointCloud<pcl::PointXYZ>);
            const float sx = values[3 * seedIndex], sy = values[3 * seedIndex + 1], sz = values[3 * seedIndex + 2];
            const float reach2 = (kCropSeedRadii * seedRadius) * (kCropSeedRadii * seedRadius);
            for (size_t i = 0; i < count; ++i) {
                const float dx = values[3 * i] - sx, dy = values[3 * i + 1] - sy, dz = values[3 * i + 2] - sz;
                if (dx * dx + dy * dy + dz * dz <= reach2)
                    crop->push_back(pcl::PointXYZ(values[3 * i], values[3 * i + 1], values[3 * i + 2]));
            }
            const double t1 = threadMilliseconds();
            pcl::ModelCoefficients coefficients;
            pcl::PointIndices inliers;
            if (withNormals) {
                pcl::PointCloud<pcl::Normal>::Ptr normals(new pcl::PointCloud<pcl::Normal>);
                pcl::NormalEstimation<pcl::PointXYZ, pcl::Normal> estimator;
                pcl::search::KdTree<pcl::PointXYZ>::Ptr tree(new pcl::search::KdTree<pcl::PointXYZ>);
                estimator.setSearchMethod(tree);
                estimator.setInputCloud(crop);
                estimator.setKSearch(kNormalNeighbours);
                estimator.compute(*normals);
                pcl::SACSegmentationFromNormals<pcl::PointXYZ, pcl::Normal> segmentation;
                segmentation.setModelType(model);
                segmentation.setMethodType(pcl::SAC_RANSAC);
                segmentation.setNormalDistanceWeight(0.1);
                segmentation.setDistanceThreshold(kThresholdAccuracies * accuracy);
                segmentation.setMaxIterations(kMaximumIterations);
                segmentation.setOptimizeCoefficients(true);
                segmentation.setInputCloud(crop);
                segmentation.setInputNormals(normals);
                segmentation.segment(inliers, coefficients);
            } else {
                pcl::SACSegmentation<pcl::PointXYZ> segmentation;
                segmentation.setModelType(model);
                segmentation.setMethodType(pcl::SAC_RANSAC);
                segmentation.setDistanceThreshold(kThresholdAccuracies * accuracy);
                segmentation.setMaxIterations(kMaximumIterations);
                segmentation.setOptimizeCoefficients(true);
                segmentation.setInputCloud(crop);
                segmentation.segment(inliers, coefficients);
            }
            const double t2 = threadMilliseconds();
            cropTimes.push_back(t1 - t0);
            pclTimes.push_back(t2 - t1);
            if (repeat == 0) {
                found = isObject(kind, coefficients.values, truth);
                cropCount = crop->size();
                inlierCount = inliers.indices.size();
            }
        }
        std::cout << name << '\t' << median(cropTimes) << '\t' << median(pclTimes) << '\t' << (found ? 1 : 0) << '\t'
                  << cropCount << '\t' << inlierCount << std::endl;
    }
    return 0;
}
