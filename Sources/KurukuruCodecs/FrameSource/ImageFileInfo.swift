import Foundation
import KurukuruCore

// MARK: - ImageFileInfo

/// What `kurukuru info FILE` says about an image file: the format, the size in pixels, and for
/// animations the frames, delays, duration and loop count, as ordered JSON members. Each format
/// keeps the delay unit it stores: GIF centiseconds, APNG seconds (and the exact fractions), WebP
/// milliseconds; `loop` 0 means forever. Every frame is decoded too, so a file that `compare`
/// cannot read is an error here as well.
///
/// The signature chooses the reader; a file named `.gif`, `.png`, `.apng` or `.webp` is an image
/// whatever it holds, so a broken one is reported as such, not read as a preset.
package enum ImageFileInfo {
  /// What `kurukuru info --help` says it describes.
  package static let help = """
    Describes a preset (name, size in points, fps, loop duration, frames, parameters) or an
    image file: a GIF (size, frames, delays in centiseconds, loop count, 0 = forever), an APNG
    (delays in seconds and as fractions), a WebP (delays in milliseconds) or a PNG. Every frame
    of an image file is decoded, so a file that compare cannot read is an error here too; a
    file named .gif, .png, .apng or .webp is read as an image whatever it holds.
    """

  /// File extensions (lower case) that always mean an image file.
  package static let imageExtensions: Set<String> = ["gif", "png", "apng", "webp"]

  /// The description of the image file at `path`, or nil when the file is missing or is not an
  /// image this tool reads (callers then try it as a preset, whose reader names the problem).
  /// - Throws: `FrameSourceError` naming the path when the file is an image but malformed, or
  ///   is named as an image and holds none.
  package static func describe(_ path: String) throws -> JSONOut? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    let file = path.split(separator: "/").last ?? ""
    let namedAsImage = file.contains(".") && imageExtensions.contains(String(file.split(separator: ".").last ?? "").lowercased())
    var members: [(String, JSONOut)] = [("file", .string(path))]
    if bytes.starts(with: Array("GIF8".utf8)) {
      let gif: GIFInfo
      do {
        gif = try GIFDecoder.info(bytes)
        _ = try GIFDecoder.decode(bytes)
      } catch let error as GIFError {
        throw FrameSourceError.gif(path: path, error)
      }
      members += [
        ("format", .string("gif")), ("width", .int(gif.width)), ("height", .int(gif.height)),
        ("frames", .int(gif.frames)), ("delays", .array(gif.delays.map { .int($0) })),
        ("duration", .number(Double(gif.delays.reduce(0, +)) / 100)), ("loop", gif.loopCount.map { .int($0) } ?? .null),
      ]
    } else if APNGDecoder.isAnimated(bytes) {
      let apng: APNGInfo
      do {
        apng = try APNGDecoder.info(bytes)
        _ = try APNGDecoder.decode(bytes)
      } catch let error as APNGError {
        throw FrameSourceError.apng(path: path, error)
      }
      members += [
        ("format", .string("apng")), ("width", .int(apng.width)), ("height", .int(apng.height)),
        ("frames", .int(apng.frames)), ("delays", .array(apng.delays.map { .number($0.seconds) })),
        ("delayFractions", .array(apng.delays.map { .string($0.description) })),
        ("duration", .number(APNGDelay.total(apng.delays))), ("loop", .int(apng.loopCount)),
      ]
    } else if WebPDecoder.isWebP(bytes) {
      let webp: WebPInfo
      do {
        webp = try WebPDecoder.info(bytes)
        _ = try WebPDecoder.decode(bytes)
      } catch let error as WebPError {
        throw FrameSourceError.webp(path: path, error)
      }
      members += [("format", .string("webp")), ("width", .int(webp.width)), ("height", .int(webp.height))]
      if webp.isAnimated {
        members += [
          ("frames", .int(webp.frames)), ("delays", .array(webp.durations.map { .int($0) })),
          ("duration", .number(Double(webp.durations.reduce(0, +)) / 1000)), ("loop", .int(webp.loopCount)),
        ]
      }
      members.append(("compression", .string(webp.compression)))
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      let frame: Frame
      do { frame = try PNG.decode(bytes) } catch let error as PNGError { throw FrameSourceError.png(path: path, error) }
      members += [("format", .string("png")), ("width", .int(frame.width)), ("height", .int(frame.height))]
    } else if namedAsImage {
      throw FrameSourceError.unknownFormat(path: path)
    } else {
      return nil
    }
    return .object(members)
  }
}
