import Fathom
import Foundation

extension DemoContext {
    /// Runs the simulated hand-touch sequence: masks → fingertip → touch on the table → a pushed ball.
    mutating func handTouch() throws {
        let frames = HandTouchSimulation.demo()
        let detector = FingertipDetector()
        // Touch error against the truth over the frames with a touch.
        let errors = frames.compactMap { f -> Float? in
            guard let t = f.touch?.position, let truth = f.trueTouch else { return nil }
            return t.distance(to: truth)
        }
        let meanError = errors.isEmpty ? Float.nan : errors.reduce(0, +) / Float(errors.count)
        let maxError = errors.max() ?? .nan
        // Pictures: the mask with its fingertip for a frame in the middle of the push, and one at the end.
        var figures: [(file: String, caption: String)] = []
        for (k, index) in [frames.count / 2, frames.count - 1].enumerated() {
            let f = frames[index]
            let picture = detector.overlay(of: f.mask, fingertip: f.fingertip)
            let name = try writePNG(picture, "hand-mask-\(k + 1).png")
            let tip = f.fingertip.map { "fingertip at pixel (\($0.pixel.x), \($0.pixel.y))" } ?? "no fingertip"
            figures.append((name, "Frame \(index): \(tip)"))
        }
        let ballStart = frames.first?.balls.first?.position
        let ballEnd = frames.last?.balls.first?.position
        report.section("Hand touch")
        report.paragraph(
            "A simulated segmentation mask of a hand over a table (\(frames.count) frames): the fingertip is the "
                + "top-most robust hand pixel, cast through the camera onto the table plane and smoothed; the touch "
                + "sphere pushes a ball resting on the table.")
        report.figures(figures)
        var rows = [["touch frames", "\(errors.count)"],
                    ["mean touch error", "\(fmt(meanError * 1000, 1)) mm"],
                    ["max touch error", "\(fmt(maxError * 1000, 1)) mm"]]
        if let a = ballStart, let b = ballEnd {
            rows.append(["ball moved", "\(fmt(a.distance(to: b) * 100, 1)) cm"])
        }
        report.table(header: ["measure", "value"], rows: rows)
        summary.append(
            "hand touch: \(errors.count) touches, mean error \(fmt(meanError * 1000, 1)) mm, "
                + "ball pushed \(fmt((ballStart.flatMap { a in ballEnd.map { a.distance(to: $0) } } ?? 0) * 100, 1)) cm")
    }
}
