import Foundation

/// A small self-contained HTML report: titled sections of text, key–value tables and pictures
/// (PNG files next to the report, referenced by relative path).
struct HTMLReport {
    /// The page title.
    var title: String
    private var body: [String] = []

    init(title: String) { self.title = title }

    /// Escapes text for HTML.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Starts a section.
    mutating func section(_ heading: String) { body.append("<h2>\(Self.escape(heading))</h2>") }

    /// A paragraph of text.
    mutating func paragraph(_ text: String) { body.append("<p>\(Self.escape(text))</p>") }

    /// A table with a header row.
    mutating func table(header: [String], rows: [[String]]) {
        var h = "<table><tr>" + header.map { "<th>\(Self.escape($0))</th>" }.joined() + "</tr>"
        for r in rows { h += "<tr>" + r.map { "<td>\(Self.escape($0))</td>" }.joined() + "</tr>" }
        body.append(h + "</table>")
    }

    /// Pictures side by side, each with a caption; `file` is relative to the report.
    mutating func figures(_ items: [(file: String, caption: String)]) {
        var h = "<div class=\"figs\">"
        for i in items {
            h += "<figure><img src=\"\(Self.escape(i.file))\" alt=\"\(Self.escape(i.caption))\">"
                + "<figcaption>\(Self.escape(i.caption))</figcaption></figure>"
        }
        body.append(h + "</div>")
    }

    /// A fragment of HTML made by the toolkit itself (e.g. `PointCloudWebView.html`), inserted as it is.
    mutating func trustedHTML(_ fragment: String) { body.append(fragment) }

    /// Preformatted text.
    mutating func preformatted(_ text: String) { body.append("<pre>\(Self.escape(text))</pre>") }

    /// The whole page.
    var html: String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(title))</title>
        <style>
        body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px;
               color: #222; }
        h1 { font-weight: 600; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 1.6em; }
        table { border-collapse: collapse; margin: .6em 0; } td, th { border: 1px solid #ddd; padding: 3px 8px;
               text-align: left; font-variant-numeric: tabular-nums; } th { background: #f4f4f4; }
        .figs { display: flex; flex-wrap: wrap; gap: 14px; }
        figure { margin: 0; } figure img { max-width: 520px; image-rendering: pixelated; border: 1px solid #ccc; }
        figcaption { font-size: .85em; color: #555; } pre { background: #f7f7f7; padding: .6em; overflow-x: auto; }
        </style></head><body>
        <h1>\(Self.escape(title))</h1>
        \(body.joined(separator: "\n"))
        </body></html>
        """
    }
}
