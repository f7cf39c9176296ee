import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// What the last successful build saw and wrote, kept beside the output folder, so that a
/// rebuild with unchanged inputs and an untouched output can stop before rendering anything.
/// Any doubt (a missing or unreadable record, a changed input, an output file whose size or
/// modification time moved) means a full build, which stays the source of truth.
struct BuildCache {
  struct OutputFile: Equatable {
    let path: String
    let size: Int
    let modified: Int
  }

  static let format = "linkcontract-build-cache 2"

  let inputs: UInt64
  let outputs: [OutputFile]
  let warnings: [Diagnostic]

  /// Where the record for `output` lives: `.<name>.linkcontract-cache` beside it.
  static func location(for output: String) -> String {
    let url = URL(fileURLWithPath: output).standardizedFileURL
    return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).linkcontract-cache").path
  }

  /// A hash of everything a build reads: every file of the Content and Templates folders, the
  /// generated files, and the settings that shape the output.
  static func inputs(of build: SiteBuild, sources: SiteSources, version: String) -> UInt64? {
    var hash = InputDigest()
    hash.add(version)
    // The running tool itself: a rebuilt generator may render the same inputs differently.
    var tool = stat()
    if stat("/proc/self/exe", &tool) == 0 {
      hash.add("\(tool.st_size) \(tool.st_mtim.tv_sec) \(tool.st_mtim.tv_nsec) \(tool.st_ino)")
    }
    hash.add(String(build.navigationLimit))
    hash.add(build.outputDirectory)
    for folder in [sources.content, sources.templates] {
      guard let names = folder.names else { return nil }
      for name in names {
        hash.add(name)
        // Sub-folders are not read by a build, so only their names count.
        folder.bytes[name]?.withUnsafeBytes { hash.add(bytes: $0) }
      }
    }
    if let identity = build.published.identity {
      hash.add(identity)
    } else {
      for (path, text) in build.generatedFiles.sorted(by: { $0.key < $1.key }) {
        hash.add(path)
        hash.add(text)
      }
    }
    return hash.value
  }

  /// The output folder's regular files with their sizes and modification times.
  static func snapshot(_ output: String) -> [OutputFile] {
    SiteOutput.listFiles(output).sorted().compactMap { path in
      var status = stat()
      guard stat(output + "/" + path, &status) == 0 else { return nil }
      let modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
      return OutputFile(path: path, size: Int(status.st_size), modified: modified)
    }
  }

  /// Whether the output still holds exactly what the recorded build wrote.
  func outputIsUntouched(_ output: String) -> Bool {
    Self.snapshot(output) == outputs
  }

  static func load(_ location: String) -> BuildCache? {
    guard let data = FileManager.default.contents(atPath: location) else { return nil }
    let bytes = [UInt8](data)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard lines.count >= 2, lines[0].elementsEqual(format.utf8),
      let inputs = UInt64(String(decoding: lines[1], as: UTF8.self), radix: 16)
    else { return nil }
    var outputs: [OutputFile] = []
    outputs.reserveCapacity(lines.count)
    var warnings: [Diagnostic] = []
    func text(_ field: ArraySlice<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
    for line in lines.dropFirst(2) where !line.isEmpty {
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
      switch text(fields[0]) {
      case "file" where fields.count == 4:
        guard let size = Int(text(fields[2])), let modified = Int(text(fields[3])) else { return nil }
        outputs.append(OutputFile(path: text(fields[1]), size: size, modified: modified))
      case "warning" where fields.count == 6:
        guard let line = Int(text(fields[2])), let column = Int(text(fields[3])),
          let id = DiagnosticID(rawValue: text(fields[5]))
        else { return nil }
        warnings.append(
          Diagnostic(
            id: id, path: text(fields[1]), line: line, column: column, severity: .warning, message: text(fields[4])))
      default:
        return nil
      }
    }
    return BuildCache(inputs: inputs, outputs: outputs, warnings: warnings)
  }

  func save(_ location: String) {
    var text = Self.format + "\n" + String(inputs, radix: 16) + "\n"
    for file in outputs where !file.path.contains("\t") && !file.path.contains("\n") {
      text += "file\t\(file.path)\t\(file.size)\t\(file.modified)\n"
    }
    for warning in warnings {
      let message = warning.message.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(
        of: "\n", with: " ")
      text += "warning\t\(warning.path)\t\(warning.line)\t\(warning.column)\t\(message)\t\(warning.id)\n"
    }
    try? Data(text.utf8).write(to: URL(fileURLWithPath: location), options: .atomic)
  }
}

/// A 64-bit digest of the build's inputs, eight bytes a step: FNV-1a's multiply over words,
/// with an xor-shift so that every byte reaches the low bits. Each step is a bijection of the
/// running value, so a change to one input always changes the digest. Not for security; for
/// noticing that an input changed.
struct InputDigest {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* Self.prime
    value ^= value >> 29
  }

  mutating func add(bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset + 8 <= bytes.count {
      mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    var tail: UInt64 = 0
    for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
    mix(tail)
    // The length ends each input, so that ("ab", "c") and ("a", "bc") differ.
    mix(UInt64(bytes.count) | 0xFF00_0000_0000_0000)
  }

  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
  }
}
