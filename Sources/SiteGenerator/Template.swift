import LinkContract

/// The slots a page template may mark with `data-slot`.
enum Slot: String, CaseIterable, Sendable {
  /// The `<title>` element: the page title, then the site name.
  case title
  /// The page's main heading.
  case heading
  case summary
  case nav
  case toc
  case content

  static let required: [Slot] = [.title, .content]
}

/// A page template: HTML parsed by libxml2 once, with its slots found and checked.
struct PageTemplate: Sendable {
  let path: String
  let source: String
  /// Ids the template itself uses, which headings must not take.
  let ids: Set<String>

  /// Reads and checks the template; diagnostics name the template and line.
  static func load(source: String, path: String) -> (PageTemplate?, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    guard let document = HTMLDocument.parse(source, url: path), let root = document.root else {
      return (nil, [Diagnostic(id: .templateInvalid, path: path, line: 1, column: 1, message: "template is not HTML")])
    }
    var found: [Slot: Int] = [:]
    var ids = Set<String>()
    root.descendants { element in
      if let id = element.attribute("id") { ids.insert(id) }
      guard let name = element.attribute("data-slot") else { return }
      guard let slot = Slot(rawValue: name) else {
        let known = Slot.allCases.map(\.rawValue).joined(separator: ", ")
        diagnostics.append(
          Diagnostic(
            id: .templateInvalid, path: path, line: element.line, column: 1,
            message: "unknown slot `\(name)` in template (known slots: \(known))"))
        return
      }
      if let first = found[slot] {
        diagnostics.append(
          Diagnostic(
            id: .templateInvalid, path: path, line: element.line, column: 1,
            message: "slot `\(name)` appears twice (first on line \(first))"))
      }
      found[slot] = element.line
    }
    for slot in Slot.required where found[slot] == nil {
      diagnostics.append(
        Diagnostic(
          id: .templateInvalid, path: path, line: 1, column: 1,
          message: "template has no `data-slot=\"\(slot.rawValue)\"` element"))
    }
    if !diagnostics.isEmpty { return (nil, diagnostics) }
    return (PageTemplate(path: path, source: source, ids: ids), [])
  }
}

/// A template parsed for one worker thread, copied for each page it renders.
final class ParsedTemplate {
  let document: HTMLDocument
  /// Each slot's element, as the node offsets from the root element down to it; the slots'
  /// `data-slot` attributes are gone from the document, and so from every copy.
  private let slotPaths: [(slot: Slot, path: [Int])]

  /// Parses the template and, when given, fills its navigation once for every page it renders.
  init(_ template: PageTemplate, navigation: Navigation? = nil) {
    document = HTMLDocument.parse(template.source, url: template.path)!
    var paths: [(slot: Slot, path: [Int])] = []
    func walk(_ element: Element, _ path: [Int]) {
      for (offset, child) in element.childrenWithOffsets {
        let childPath = path + [offset]
        if let name = child.attribute("data-slot"), let slot = Slot(rawValue: name) {
          if slot == .nav, let navigation { navigation.fill(child) }
          child.removeAttribute("data-slot")
          paths.append((slot, childPath))
        }
        walk(child, childPath)
      }
    }
    if let root = document.root { walk(root, []) }
    slotPaths = paths
  }

  /// A fresh copy of the template and its slot elements.
  func instantiate() -> (HTMLDocument, [Slot: Element]) {
    let copy = document.copy()
    var slots: [Slot: Element] = [:]
    for (slot, path) in slotPaths {
      var element = copy.root
      for offset in path { element = element?.childElement(atNodeOffset: offset) }
      slots[slot] = element
    }
    return (copy, slots)
  }
}
