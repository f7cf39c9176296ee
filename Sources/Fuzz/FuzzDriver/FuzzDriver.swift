import Foundation

/// One fuzz target's body: libFuzzer's `LLVMFuzzerTestOneInput` signature.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs `test` on each file at `paths`, outside libFuzzer; exits 2 when one cannot be read.
public func replay<Paths: Sequence<String>>(_ paths: Paths, through test: FuzzTest) {
  var count = 0
  for path in paths {
    guard let contents = FileManager.default.contents(atPath: path) else {
      FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
      exit(2)
    }
    _ = [UInt8](contents).withUnsafeBufferPointer { test($0.baseAddress, $0.count) }
    count += 1
  }
  print("replayed \(count) inputs: all properties hold")
}

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: FuzzTest
  ) -> CInt

  /// Hands the process's arguments and `test` over to libFuzzer's driver.
  public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: FuzzTest
  ) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, test)
  }
#endif
