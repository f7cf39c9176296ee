import CCurl

/// One HTTP response, read without following a redirect.
public struct HTTPResponse: Sendable, Hashable {
  public let status: Int
  /// The `Content-Type` header as sent, or nil.
  public let contentType: String?
  /// The `Location` header of a redirect, or nil.
  public let location: String?
  public let body: [UInt8]
  /// Whether the body was longer than the limit asked for (and cut there).
  public let truncated: Bool
}

/// Why no response was read.
public enum FetchFailure: Error, Sendable, Hashable {
  /// The whole exchange took longer than the timeout.
  case timeout(seconds: Double)
  /// No connection, a refused one, a DNS or TLS failure: libcurl's words.
  case unreachable(String)
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
  var truncated = false
  init(limit: Int) { self.limit = limit }
}

/// Fetches `url` with one GET: https only, no redirect followed, `caFile` (PEM) as the only
/// trusted roots when given, the whole exchange bounded by `timeout` seconds and the body by
/// `limit` bytes. Never hangs: a slow or silent server is a `.timeout`.
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
      sink.truncated = true
      return 0  // stops the transfer: CURLE_WRITE_ERROR
    }
    return length
  }
  let code = api.easy_perform(curl)
  if code == CURLE_OPERATION_TIMEDOUT { return .failure(.timeout(seconds: timeout)) }
  if code != CURLE_OK, !(code == CURLE_WRITE_ERROR && sink.truncated) {
    let reason = api.easy_strerror(code).map { String(cString: $0) }
    return .failure(.unreachable(reason ?? "libcurl error \(code.rawValue)"))
  }
  var status = 0
  _ = linkcontract_curl_get_long(&api, curl, CURLINFO_RESPONSE_CODE, &status)
  var type: UnsafeMutablePointer<CChar>?
  _ = linkcontract_curl_get_string(&api, curl, CURLINFO_CONTENT_TYPE, &type)
  var location: UnsafeMutablePointer<CChar>?
  _ = linkcontract_curl_get_string(&api, curl, CURLINFO_REDIRECT_URL, &location)
  return .success(
    HTTPResponse(
      status: status, contentType: type.map { String(cString: $0) }, location: location.map { String(cString: $0) },
      body: Array(sink.bytes.prefix(limit)), truncated: sink.truncated))
}
