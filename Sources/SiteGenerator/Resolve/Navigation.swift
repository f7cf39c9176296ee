import LinkContract

/// The site navigation: pages in weight order, cut at a limit for large sites. Pages in a
/// folder (`guides/setup`) are listed together, under the folder's name, where the first of
/// them comes.
struct Navigation: Sendable {
  /// Every page, or at least the first `limit` (`init(first:count:limit:hasIndexPage:)`).
  let pages: [(name: String, title: String)]
  /// How many pages the site has.
  let count: Int
  let limit: Int
  let hasIndexPage: Bool

  /// The listed pages as written: each entry a page at the root (`folder` empty) or a folder's
  /// pages, in order.
  private let entries: [(folder: String, pages: [(name: String, title: String)])]
  private let positions: [String: Int]

  init(pages: [(name: String, title: String)], limit: Int, hasIndexPage: Bool) {
    self.init(first: pages, count: pages.count, limit: limit, hasIndexPage: hasIndexPage)
  }

  /// The navigation of a site of `count` pages whose first `limit` or more are `pages`: all
  /// that a page shows of it.
  init(first pages: [(name: String, title: String)], count: Int, limit: Int, hasIndexPage: Bool) {
    self.pages = pages
    self.count = count
    self.limit = limit
    self.hasIndexPage = hasIndexPage
    var entries: [(folder: String, pages: [(name: String, title: String)])] = []
    var group: [String: Int] = [:]
    for page in pages.prefix(limit) {
      let folder = SitePath.folder(of: page.name)
      if folder.isEmpty {
        entries.append(("", [page]))
      } else if let at = group[folder] {
        entries[at].pages.append(page)
      } else {
        group[folder] = entries.count
        entries.append((folder, [page]))
      }
    }
    self.entries = entries
    // A page's position is the place of its link among the navigation's links, in order.
    var positions: [String: Int] = hasIndexPage ? [:] : ["index": 0]
    var offset = hasIndexPage ? 0 : 1
    for entry in entries {
      for page in entry.pages {
        if positions[page.name] == nil { positions[page.name] = offset }
        offset += 1
      }
    }
    self.positions = positions
  }

  /// A folder's name as the navigation shows it: `guides/ios-setup` is `Guides / Ios setup`.
  static func folderTitle(_ folder: String) -> String {
    folder.split(separator: "/").map { part in
      let words = part.replacing("-", with: " ").replacing("_", with: " ")
      return words.prefix(1).uppercased() + words.dropFirst()
    }.joined(separator: " / ")
  }

  /// Writes the list every page shares; `markCurrent` then flags one page's entry.
  func fill(_ slot: Element) {
    let list = slot.add("ul")
    if !hasIndexPage { list.add("li").add("a", ["href": "index.html"], text: "All pages") }
    for entry in entries {
      guard !entry.folder.isEmpty else {
        for page in entry.pages { list.add("li").add("a", ["href": page.name + ".html"], text: page.title) }
        continue
      }
      let item = list.add("li", ["class": "nav-folder"])
      item.add("span", ["class": "nav-folder-name"], text: Self.folderTitle(entry.folder))
      let inner = item.add("ul")
      for page in entry.pages { inner.add("li").add("a", ["href": page.name + ".html"], text: page.title) }
    }
    if count > limit, hasIndexPage {
      list.add("li").add("a", ["href": "index.html"], text: "All \(count) pages")
    }
  }

  /// The attribute, set to `page`, that marks the current page's link.
  static let currentMark = "aria-current"

  func markCurrent(_ slot: Element, current: String) {
    guard let position = positions[current] else { return }
    link(at: position, in: slot)?.set(Self.currentMark, "page")
  }

  /// The navigation position of page `name`, when the navigation lists it.
  func position(of name: String) -> Int? { positions[name] }

  /// Every position a page of the navigation can be at.
  var allPositions: Set<Int> { Set(positions.values) }

  /// The link at `position` of the list `fill` wrote into `slot`.
  func link(at position: Int, in slot: Element) -> Element? {
    guard let list = slot.children.first else { return nil }
    var remaining = position
    for item in list.children {
      guard let first = item.children.first else { continue }
      if first.name == "a" {
        if remaining == 0 { return first }
        remaining -= 1
        continue
      }
      // A folder: its name, then the list of its pages.
      guard let inner = item.children.last, inner.name == "ul" else { continue }
      let links = inner.children
      if remaining < links.count { return links[remaining].children.first }
      remaining -= links.count
    }
    return nil
  }
}
