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
  /// The site's name (the app's name and `link contract`), in the header.
  case site
  /// The command that generates the site (`store-links generate`), in the footer.
  case generator

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
            message: "unknown slot `\(Printed.excerpt(name))` in template (known slots: \(known))"))
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

/// A template parsed for one worker thread; each page it renders fills a frame of it.
final class ParsedTemplate {
  let document: HTMLDocument
  /// Each slot's element, as the node offsets from the root element down to it; the slots'
  /// `data-slot` attributes are gone from the document, and so from every copy.
  private let slotPaths: [(slot: Slot, path: [Int])]
  let navigation: Navigation?
  /// The template written once around its slots, or nil when a slot is void, is SVG or is in
  /// it, or holds another slot: then each page copies the whole template and writes it.
  let layout: Layout?

  /// The template written around its slots.
  struct Layout {
    let between: [WrittenHTML]
    let holes: [(slot: Slot, name: String, parts: HTMLDocument.HoleParts)]
    /// The navigation slot, whose children are written with one link marked as the current page.
    let nav: Element?
  }

  /// The navigation slot's children with the link at each position marked as the current page,
  /// written the first time a page at that position is rendered: a rebuild that renders one
  /// page writes one.
  private var navigationMarked: [Int: WrittenHTML] = [:]

  /// Parses the template and, when given, fills its navigation once for every page it renders,
  /// for pages in `folder` (`SitePath`), whose links it writes relative to it.
  /// Without `layout`, every page copies the whole template, as templates that cannot be laid
  /// out are rendered.
  init(_ template: PageTemplate, navigation: Navigation? = nil, layout usesLayout: Bool = true, folder: String = "") {
    document = HTMLDocument.parse(template.source, url: template.path)!
    document.linkFolder = folder
    self.navigation = navigation
    var paths: [(slot: Slot, path: [Int])] = []
    var elements: [Slot: Element] = [:]
    func walk(_ element: Element, _ path: [Int]) {
      for (offset, child) in element.childrenWithOffsets {
        let childPath = path + [offset]
        if let name = child.attribute("data-slot"), let slot = Slot(rawValue: name) {
          if slot == .nav, let navigation { navigation.fill(child) }
          child.removeAttribute("data-slot")
          paths.append((slot, childPath))
          elements[slot] = child
        }
        walk(child, childPath)
      }
    }
    if let root = document.root { walk(root, []) }
    slotPaths = paths
    layout = usesLayout ? Self.layout(document, slots: elements, navigation: navigation) : nil
  }

  private static func layout(_ document: HTMLDocument, slots: [Slot: Element], navigation: Navigation?) -> Layout? {
    for element in slots.values {
      if isVoidElement(element.name) || element.isForeign || element.holdsAny(of: slots.values) { return nil }
    }
    let nav = navigation == nil ? nil : slots[.nav]
    if let nav, let navigation {
      for position in navigation.allPositions {
        if navigation.link(at: position, in: nav)?.attribute(Navigation.currentMark) != nil { return nil }
      }
    }
    let (between, holes) = document.writtenAround(Set(slots.values.map(\.index)))
    let slotOf = Dictionary(uniqueKeysWithValues: slots.map { ($1.index, $0) })
    return Layout(
      between: between, holes: holes.map { (slotOf[$0.index]!, Element(owner: document, index: $0.index).name, $0) },
      nav: nav)
  }

  /// The navigation's children with the link at `position` marked as the current page, or nil
  /// when the navigation has no link there.
  func markedNavigation(at position: Int) -> WrittenHTML? {
    if let written = navigationMarked[position] { return written }
    guard let nav = layout?.nav, let link = navigation?.link(at: position, in: nav) else { return nil }
    link.set(Navigation.currentMark, "page")
    let written = document.writtenChildren(of: nav)
    link.removeAttribute(Navigation.currentMark)
    navigationMarked[position] = written
    return written
  }

  /// A frame for one page: empty slot elements to fill, then the page's bytes.
  func instantiate() -> PageFrame {
    if let layout {
      let contents = HTMLDocument()
      contents.linkFolder = document.linkFolder
      var slots = [Slot: Element](minimumCapacity: layout.holes.count)
      for hole in layout.holes {
        slots[hole.slot] = Element(owner: contents, index: contents.append(.element, hole.name, to: 0))
      }
      return PageFrame(template: self, document: contents, slots: slots)
    }
    let copy = document.copy()
    var slots: [Slot: Element] = [:]
    for (slot, path) in slotPaths {
      var element = copy.root
      for offset in path { element = element?.childElement(atNodeOffset: offset) }
      slots[slot] = element
    }
    return PageFrame(template: self, document: copy, slots: slots)
  }
}

/// One page's frame of the template: the slot elements its render fills, then its bytes.
struct PageFrame {
  let template: ParsedTemplate
  /// The page's copy of the template, or with a layout, the slot elements alone.
  let document: HTMLDocument
  let slots: [Slot: Element]

  /// The page written, its navigation marking `current` as the page shown; with `content`, the
  /// content slot holds those bytes instead of its element's children (laid-out templates only).
  func written(current: String, content: WrittenHTML? = nil) -> WrittenHTML {
    guard let layout = template.layout else {
      precondition(content == nil, "written content needs a laid-out template")
      if let nav = slots[.nav], let navigation = template.navigation {
        navigation.markCurrent(nav, current: current)
      }
      return document.written()
    }
    var out = WrittenHTML()
    out.bytes.reserveCapacity(layout.between.reduce(0) { $0 + $1.bytes.count } + (content?.bytes.count ?? 0) + 8192)
    for (offset, hole) in layout.holes.enumerated() {
      out.append(layout.between[offset])
      guard let element = slots[hole.slot], element.isInDocument else { continue }
      out.append(hole.parts.start)
      if hole.slot == .nav, let position = template.navigation?.position(of: current),
        let marked = template.markedNavigation(at: position)
      {
        out.append(marked)
      } else {
        out.append(hole.parts.children)
      }
      if hole.slot == .content, let content {
        out.append(content)
      } else {
        out.append(document.writtenChildren(of: element))
      }
      out.append(hole.parts.end)
    }
    out.append(layout.between[layout.holes.count])
    return out
  }
}
