import Foundation
import Testing

@testable import SiteGenerator

/// The build record's bytes are read where they are: a mapped file, or an array.
@Suite struct BytesTests {
  @Test("A mapped file holds the file's bytes; a missing file or a folder maps to nothing", arguments: [0, 1, 5000])
  func mapping(size: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try SiteOutput.write(bytes, to: folder + "/file")
    let (buffer, status) = try #require(ByteBuffer.mapping(folder + "/file"))
    #expect(Int(status.st_size) == size)
    #expect(Bytes(buffer).array == bytes)
    #expect(ByteBuffer.mapping(folder + "/missing") == nil)
    #expect(ByteBuffer.mapping(folder) == nil)
  }

  @Test(
    "A file is read whole, whatever its size against the reads' sizes; a folder or a FIFO is not read",
    arguments: [0, 1, 4095, 4096, 4097, 65_536, 300_001])
  func reading(size: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    try SiteOutput.write(bytes, to: folder + "/file")
    #expect(SiteOutput.readFile(folder + "/file") == bytes)
    #expect(SiteOutput.readFileWithStatus(folder + "/file").map { Int($0.status.st_size) } == size)
    #expect(SiteOutput.readFile(folder) == nil)
    #expect(mkfifo(folder + "/fifo", 0o600) == 0)
    #expect(SiteOutput.readFile(folder + "/fifo") == nil)
  }

  @Test(
    "A part of bytes is the same bytes, from an array or a buffer",
    arguments: [0..<0, 0..<3, 2..<7, 9..<10])
  func parts(range: Range<Int>) {
    let array: [UInt8] = Array(0..<10)
    let made = Bytes(array)
    let buffered = Bytes(ByteBuffer(copying: array))
    #expect(made.part(range).array == Array(array[range]))
    #expect(buffered.part(range) == made.part(range))
    #expect(buffered.part(range).part(0..<range.count) == made.part(range))
    var appended: [UInt8] = [255]
    appended += buffered.part(range)
    #expect(appended == [255] + array[range])
    let shifted = (range.lowerBound - 1)..<(range.upperBound - 1)
    #expect(range.isEmpty || range.lowerBound == 0 || made.part(range) != made.part(shifted))
  }
}
