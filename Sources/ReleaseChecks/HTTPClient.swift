import CCurl
import Foundation

/// One HTTP response, read without following a redirect.
public struct HTTPResponse: Sendable, Hashable {
  public let status: Int
  /// The `Content-Type` header as sent, or nil.
  public let contentType: String?
  /// The `Location` header of a redirect, or nil.
  public let location: String?
  public let body: [UInt8]
  /// Whether the body was longer than the limit asked for (and cut there).
  public let overLimit: Bool

  package init(status: Int, contentType: String?, location: String?, body: [UInt8], overLimit: Bool) {
    self.status = status
    self.contentType = contentType
    self.location = location
    self.body = body
    self.overLimit = overLimit
  }
}

/// Why no whole response was read.
public enum FetchFailure: Error, Sendable, Hashable {
  /// The whole exchange took longer than the timeout.
  case timeout(seconds: Double)
  /// No connection, a refused one, a DNS or TLS failure: libcurl's words.
  case unreachable(String)
  /// The server answered `status` and closed the connection after `received` bytes of the
  /// body, short of the `expected` its Content-Length announced (nil when it announced none).
  case truncated(status: Int, received: Int, expected: Int?)
}

/// libcurl's functions, looked up once. Immutable after loading, so any thread may call them.
private struct CurlLibrary: @unchecked Sendable {
  let api: linkcontract_curl_api
}

/// libcurl, loaded and initialized once per process, before the first request; or why it
/// could not be.
private let loadedCurl: Result<CurlLibrary, FetchFailure> = {
  var reason: UnsafePointer<CChar>?
  guard let api = linkcontract_curl_load(&reason)?.pointee else {
    let why = reason.map { String(cString: $0) } ?? "unknown"
    return .failure(.unreachable("libcurl could not be loaded (\(why)): install libcurl4"))
  }
  guard api.global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK else {
    return .failure(.unreachable("libcurl could not start"))
  }
  return .success(CurlLibrary(api: api))
}()

/// Collects the body, refusing to grow beyond `limit` bytes.
private final class BodySink {
  var bytes: [UInt8] = []
  let limit: Int
  var overLimit = false
  init(limit: Int) { self.limit = limit }
}

/// Why the file at `path` cannot serve as trusted CA certificates: not a regular file that can
/// be read, or no PEM certificate in it; nil when it can. Read before any request, so that a
/// wrong `--ca-file` is a usage error rather than a TLS failure on every fetch.
public func caFileProblem(_ path: String) -> String? {
  var status = stat()
  guard stat(path, &status) == 0 else { return "it does not exist or cannot be reached" }
  if status.st_mode & S_IFMT == S_IFDIR { return "it is a folder, not a PEM file" }
  guard status.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
  // A CA bundle is some hundreds of KB; a certificate in the first 16 MB is enough to tell.
  guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 16 << 20) else {
    return "it cannot be read"
  }
  try? handle.close()
  guard head.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
    return "it holds no PEM certificate (no -----BEGIN CERTIFICATE----- line)"
  }
  return nil
}

/// Fetches every URL at once, each on its own thread and bounded by `timeout` as `httpGet`
/// bounds one, so that the whole run takes at most `timeout`, not the sum; results in order.
public func httpGetAll(
  _ urls: [String], caFile: String?, timeout: Double, limit: Int
) -> [Result<HTTPResponse, FetchFailure>] {
  final class Results: @unchecked Sendable {
    let lock = NSLock()
    var values: [Result<HTTPResponse, FetchFailure>?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
  }
  let results = Results(urls.count)
  let group = DispatchGroup()
  for (index, url) in urls.enumerated() {
    group.enter()
    Thread {
      let result = httpGet(url, caFile: caFile, timeout: timeout, limit: limit)
      results.lock.withLock { results.values[index] = result }
      group.leave()
    }.start()
  }
  group.wait()
  return results.lock.withLock { results.values.map { $0 ?? .failure(.unreachable("not fetched")) } }
}

/// Fetches `url` with one GET: https only, no redirect followed, `caFile` (PEM) as the only
/// trusted roots when given, the whole exchange bounded by `timeout` seconds and the body by
/// `limit` bytes. Never hangs: a slow or silent server is a `.timeout`; one that closes before
/// the body it announced is `.truncated`.
public func httpGet(_ url: String, caFile: String?, timeout: Double, limit: Int) -> Result<HTTPResponse, FetchFailure> {
  var api: linkcontract_curl_api
  switch loadedCurl {
  case .success(let loaded): api = loaded.api
  case .failure(let failure): return .failure(failure)
  }
  guard let curl = api.easy_init() else { return .failure(.unreachable("libcurl could not start")) }
  defer { api.easy_cleanup(curl) }
  let sink = BodySink(limit: limit)
  let context = Unmanaged.passUnretained(sink).toOpaque()
  let milliseconds = max(1, Int(timeout * 1000))
  _ = linkcontract_curl_set_string(&api, curl, CURLOPT_URL, url)
  _ = linkcontract_curl_set_string(&api, curl, CURLOPT_PROTOCOLS_STR, "https")
  _ = linkcontract_curl_set_long(&api, curl, CURLOPT_FOLLOWLOCATION, 0)
  _ = linkcontract_curl_set_long(&api, curl, CURLOPT_NOSIGNAL, 1)
  _ = linkcontract_curl_set_long(&api, curl, CURLOPT_TIMEOUT_MS, milliseconds)
  _ = linkcontract_curl_set_long(&api, curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
  _ = linkcontract_curl_set_string(&api, curl, CURLOPT_USERAGENT, "linkcontract verify-host")
  // Ask for the bytes as served: no compression to undo.
  _ = linkcontract_curl_set_pointer(&api, curl, CURLOPT_ACCEPT_ENCODING, nil)
  if let caFile { _ = linkcontract_curl_set_string(&api, curl, CURLOPT_CAINFO, caFile) }
  _ = linkcontract_curl_set_pointer(&api, curl, CURLOPT_WRITEDATA, context)
  _ = linkcontract_curl_set_writer(&api, curl) { data, size, count, context in
    guard let data, let context else { return 0 }
    let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let room = sink.limit + 1 - sink.bytes.count
    let taken = min(room, length)
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: taken))
    }
    if taken < length || sink.bytes.count > sink.limit {
      sink.overLimit = true
      return 0  // stops the transfer: CURLE_WRITE_ERROR
    }
    return length
  }
  let code = api.easy_perform(curl)
  var status = 0
  _ = linkcontract_curl_get_long(&api, curl, CURLINFO_RESPONSE_CODE, &status)
  if code == CURLE_OPERATION_TIMEDOUT { return .failure(.timeout(seconds: timeout)) }
  if code != CURLE_OK, !(code == CURLE_WRITE_ERROR && sink.overLimit) {
    var announced: curl_off_t = -1
    _ = linkcontract_curl_get_off_t(&api, curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced)
    // A response begun and then cut: libcurl says so (a partial file), or, when TLS ends
    // without its close message, reads it as a receive error.
    if status > 0, code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR {
      let expected = announced >= 0 ? Int(announced) : nil
      return .failure(.truncated(status: status, received: sink.bytes.count, expected: expected))
    }
    let reason = api.easy_strerror(code).map { String(cString: $0) }
    return .failure(.unreachable(reason ?? "libcurl error \(code.rawValue)"))
  }
  var type: UnsafeMutablePointer<CChar>?
  _ = linkcontract_curl_get_string(&api, curl, CURLINFO_CONTENT_TYPE, &type)
  var location: UnsafeMutablePointer<CChar>?
  _ = linkcontract_curl_get_string(&api, curl, CURLINFO_REDIRECT_URL, &location)
  return .success(
    HTTPResponse(
      status: status, contentType: type.map { String(cString: $0) }, location: location.map { String(cString: $0) },
      body: Array(sink.bytes.prefix(limit)), overLimit: sink.overLimit))
}
