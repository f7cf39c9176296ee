import Foundation

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

  static let format = "linkcontract-build-cache 1"

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
  static func inputs(of build: SiteBuild, version: String) -> UInt64? {
    var hash = FNV1a()
    hash.add(version)
    // The running tool itself: a rebuilt generator may render the same inputs differently.
    var tool = stat()
    if stat("/proc/self/exe", &tool) == 0 {
      hash.add("\(tool.st_size) \(tool.st_mtim.tv_sec) \(tool.st_mtim.tv_nsec) \(tool.st_ino)")
    }
    hash.add(String(build.navigationLimit))
    hash.add(build.outputDirectory)
    for folder in [build.contentDirectory, build.templatesDirectory] {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
      for name in names.sorted() {
        hash.add(name)
        // Sub-folders are not read by a build, so only their names count.
        if let data = FileManager.default.contents(atPath: folder + "/" + name) {
          data.withUnsafeBytes { hash.add(bytes: $0) }
        }
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
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2, lines[0] == format, let inputs = UInt64(lines[1], radix: 16) else { return nil }
    var outputs: [OutputFile] = []
    var warnings: [Diagnostic] = []
    for line in lines.dropFirst(2) where !line.isEmpty {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      switch fields.first {
      case "file" where fields.count == 4:
        guard let size = Int(fields[2]), let modified = Int(fields[3]) else { return nil }
        outputs.append(OutputFile(path: fields[1], size: size, modified: modified))
      case "warning" where fields.count == 5:
        guard let line = Int(fields[2]), let column = Int(fields[3]) else { return nil }
        warnings.append(
          Diagnostic(path: fields[1], line: line, column: column, severity: .warning, message: fields[4]))
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
      text += "warning\t\(warning.path)\t\(warning.line)\t\(warning.column)\t\(message)\n"
    }
    try? Data(text.utf8).write(to: URL(fileURLWithPath: location), options: .atomic)
  }
}

/// The 64-bit FNV-1a hash: fast, and good enough to notice that an input changed.
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(bytes: UnsafeRawBufferPointer) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    value ^= 0xFF
    value &*= 0x0000_0100_0000_01B3
  }

  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
  }
}
