import Foundation

/// The kitty graphics protocol's commands (APC `ESC _ G keys ; payload ESC \`), as the frame
/// encoder sends them: a PNG transmitted once under its id and placed at the cursor, scaled to a
/// rectangle of cells, the cursor left where it is; placed again by id; its placement deleted (the
/// bytes kept, to place it again) or its bytes freed, by id. `q=2` keeps
/// the terminal from answering on standard input, where the answers would read as keys.
enum KittyGraphics {
    /// The most base64 bytes one command carries; a larger picture goes in several (`m=1` while
    /// more follow).
    static let chunkSize = 4096
    /// Every picture is placed under this placement id: a new placement of the same image replaces
    /// the old one.
    static let placementID = 1

    /// Sends the picture's bytes, in chunks, and places it at the cursor, scaled to `cells`
    /// (its rectangle's, by default).
    static func transmitAndPlace(
        _ image: FrameImage, cells: (columns: Int, rows: Int)? = nil, into out: inout [UInt8]
    ) {
        let (columns, rows) = cells ?? (image.columns, image.rows)
        let payload = image.base64
        var start = 0
        repeat {
            let end = min(payload.count, start + chunkSize)
            let more = end < payload.count ? 1 : 0
            let keys =
                start == 0
                ? "a=T,f=100,t=d,i=\(image.id),p=\(placementID),c=\(columns),r=\(rows),C=1,q=2,m=\(more)"
                : "m=\(more)"
            out.append(contentsOf: "\u{1B}_G\(keys);".utf8)
            out.append(contentsOf: payload[start..<end])
            out.append(contentsOf: "\u{1B}\\".utf8)
            start = end
        } while start < payload.count
    }

    /// Places a picture whose bytes the terminal holds at the cursor, replacing its placement,
    /// scaled to `cells` (its rectangle's, by default).
    static func place(_ image: FrameImage, cells: (columns: Int, rows: Int)? = nil) -> String {
        let (columns, rows) = cells ?? (image.columns, image.rows)
        return "\u{1B}_Ga=p,i=\(image.id),p=\(placementID),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\"
    }

    /// Takes the picture off the screen and frees its bytes.
    static func delete(id: UInt32) -> String {
        "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
    }

    /// Takes the picture off the screen; the terminal keeps its bytes, to place it again by id.
    static func deletePlacements(id: UInt32) -> String {
        "\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\"
    }

    /// Takes every picture on the screen off, freeing their bytes.
    static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// Takes every picture on the screen off; the terminal keeps their bytes.
    static let deleteAllPlacements = "\u{1B}_Ga=d,d=a,q=2\u{1B}\\"
}

/// iTerm2's inline images (OSC 1337 `File=`): the whole file, base64, drawn from the cursor over
/// a rectangle of cells, its aspect ratio kept. The picture replaces the cells' text, so it is sent
/// again whenever it is drawn again.
enum ITermGraphics {
    static func inlineImage(_ image: FrameImage, into out: inout [UInt8]) {
        out.append(
            contentsOf:
                "\u{1B}]1337;File=inline=1;size=\(image.png.count);width=\(image.columns);height=\(image.rows);preserveAspectRatio=1:"
                .utf8)
        out.append(contentsOf: image.base64)
        out.append(0x07)
    }
}
