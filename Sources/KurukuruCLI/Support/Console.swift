import Foundation

// MARK: - Standard streams

enum Console {
  static func out(_ line: String) { print(line) }
  static func err(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
