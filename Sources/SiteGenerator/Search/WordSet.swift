import Foundation
import LinkContract

/// Lowercase words, each kept once, in first-seen order, compared as bytes and kept as one
/// string of words separated by spaces, as the search index holds them: a section holds a few
/// dozen distinct words among thousands, and a `Set<String>` would make a string and hash it
/// with SipHash for every one of them.
struct WordSet {
  /// Where a word is in `bytes`, and its key.
  private struct Word {
    let start: Int32
    let count: Int32
    let key: UInt64
  }

  /// The words, each after a space but the first.
  private var bytes: [UInt8] = []
  /// The words in insertion order.
  private var words: [Word] = []
  /// Open addressing: a word's index + 1, or 0 for an empty slot.
  private var slots: [Int32]
  /// Mixed into every slot, so that no text can be written to make its words share slots:
  /// the slots decide no order, only how long a lookup takes.
  private let seed = Self.processSeed
  private static let processSeed = UInt64.random(in: .min ... .max)

  /// A set for the words of `textBytes` bytes of prose: about one distinct word in ten bytes,
  /// so that a section's words rarely outgrow it.
  init(textBytes: Int) { self.init(capacity: max(16, textBytes / 10)) }

  init(capacity: Int = 64) {
    slots = Array(repeating: 0, count: Self.slotCount(capacity))
    bytes.reserveCapacity(capacity * 8)
    words.reserveCapacity(capacity)
  }

  private static func slotCount(_ capacity: Int) -> Int {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    return size
  }

  /// Empties the set for the words of `textBytes` bytes of prose, keeping its storage.
  mutating func removeAll(textBytes: Int) {
    let capacity = max(16, textBytes / 10)
    if slots.count < Self.slotCount(capacity) {
      slots = Array(repeating: 0, count: Self.slotCount(capacity))
    } else if !words.isEmpty {
      slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
    bytes.removeAll(keepingCapacity: true)
    words.removeAll(keepingCapacity: true)
    bytes.reserveCapacity(capacity * 8)
    words.reserveCapacity(capacity)
  }

  var count: Int { words.count }

  /// Adds `word`, which is lowercase already, unless it is there already.
  mutating func insert(_ word: UnsafeBufferPointer<UInt8>) {
    let key = Self.key(word)
    guard let slot = emptySlot(for: word, key: key) else { return }
    add(word, key: key, slot: slot)
  }

  /// Adds `word` as it is, unless it is there already.
  mutating func insert(_ word: some Collection<UInt8>) {
    let copy = Array(word)
    copy.withUnsafeBufferPointer { insert($0) }
  }

  func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    // A set of a few words (a heading's, a summary's) is looked through rather than hashed.
    if words.count <= 8 {
      return words.contains { known in
        Int(known.count) == word.count
          && bytes.withUnsafeBufferPointer { stored in
            word.isEmpty || memcmp(stored.baseAddress! + Int(known.start), word.baseAddress!, word.count) == 0
          }
      }
    }
    return emptySlot(for: word, key: Self.key(word)) == nil
  }

  /// A word of at most eight bytes is its own key: its bytes, the first in the lowest byte, so
  /// that two such words of one length are the same when their keys are. A longer one's key is
  /// a digest of its bytes.
  private static func key(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard word.count <= 8 else {
      var digest = InputDigest()
      digest.add(bytes: UnsafeRawBufferPointer(word))
      return digest.value
    }
    guard let start = word.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
    let count = word.count
    if count < 4 {
      let middle = count / 2
      return UInt64(word[0]) | UInt64(word[middle]) << (middle * 8) | UInt64(word[count - 1]) << ((count - 1) * 8)
    }
    // Two loads that overlap in the middle, each byte at its own place.
    let low = UInt64(UInt32(littleEndian: start.loadUnaligned(as: UInt32.self)))
    let high = UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
    return low | high << ((count - 4) * 8)
  }

  /// A key's slot: its bits mixed with the seed, since the bytes of short words differ mostly
  /// in a few bits.
  private func slot(of key: UInt64, mask: Int) -> Int {
    var mixed = key ^ seed
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 31)) & mask
  }

  /// The empty slot `word` would take, or nil when it is a word of the set already.
  private func emptySlot(for word: UnsafeBufferPointer<UInt8>, key: UInt64) -> Int? {
    slots.withUnsafeBufferPointer { slots in
      words.withUnsafeBufferPointer { words in
        bytes.withUnsafeBufferPointer { stored in
          let mask = slots.count - 1
          var slot = slot(of: key, mask: mask)
          while slots[slot] != 0 {
            let known = words[Int(slots[slot]) - 1]
            if known.key == key, Int(known.count) == word.count,
              word.count <= 8 || memcmp(stored.baseAddress! + Int(known.start), word.baseAddress!, word.count) == 0
            {
              return nil
            }
            slot = (slot + 1) & mask
          }
          return slot
        }
      }
    }
  }

  private mutating func add(_ word: UnsafeBufferPointer<UInt8>, key: UInt64, slot: Int) {
    if !words.isEmpty { bytes.append(UInt8(ascii: " ")) }
    let start = bytes.count
    bytes.append(contentsOf: word)
    words.append(Word(start: Int32(start), count: Int32(word.count), key: key))
    slots[slot] = Int32(words.count)
    if words.count * 2 > slots.count { grow() }
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, word) in words.enumerated() {
      var slot = slot(of: word.key, mask: mask)
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// The words, in the order they were added, separated by spaces.
  var joined: String { String(decoding: bytes, as: UTF8.self) }

  /// `joined`, then each word of `later` (words separated by spaces) that is not in the set:
  /// `later`'s bytes are copied in runs between the words the set has.
  func joined(thenUnseen later: String) -> String {
    var result = bytes
    result.reserveCapacity(result.count + later.utf8.count + 1)
    var later = later
    later.withUTF8 { later in
      func keep(_ run: Range<Int>) {
        guard !run.isEmpty else { return }
        if !result.isEmpty { result.append(UInt8(ascii: " ")) }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: later[run]))
      }
      var run = 0
      var start = 0
      while start < later.count {
        let end = later[start...].firstIndex(of: UInt8(ascii: " ")) ?? later.count
        if contains(UnsafeBufferPointer(rebasing: later[start..<end])) {
          keep(run..<max(run, start - 1))
          run = end + 1
        }
        start = end + 1
      }
      keep(run..<max(run, later.count))
    }
    return String(decoding: result, as: UTF8.self)
  }
}
