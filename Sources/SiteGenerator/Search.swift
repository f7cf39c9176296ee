import ContractArtifacts
import Foundation
import LinkContract

/// One thing a reader can find by name: a page, a heading, a route class, a field, a rejection
/// reason or a troubleshooting row, with where it is.
struct SearchEntry: Sendable, Hashable {
  enum Kind: String, Sendable, CaseIterable {
    case routeClass = "route class"
    case field
    case reason = "rejection reason"
    case symptom = "troubleshooting"
    case page
    case heading

    var groupTitle: String {
      switch self {
      case .routeClass: "Route classes"
      case .field: "Fields"
      case .reason: "Rejection reasons"
      case .symptom: "Troubleshooting"
      case .page: "Pages"
      case .heading: "Sections"
      }
    }
  }

  let kind: Kind
  /// What the reader types: an identifier such as `extra-field`, or a title.
  let name: String
  /// A few words that say what it is.
  let detail: String
  let href: String
}

/// Builds the search index and the search page from what the first pass found.
struct SearchIndex {
  let entries: [SearchEntry]

  init(pages: [SourcePage], index: SiteIndex, contract: Contract) {
    var entries: [SearchEntry] = []
    func anchor(_ id: String) -> String? { index.href(anchor: id, from: "search") }
    for route in contract.routeClasses {
      guard let href = anchor(DirectiveAnchor.route(route.id)) else { continue }
      entries.append(SearchEntry(kind: .routeClass, name: route.id.rawValue, detail: route.title, href: href))
      for field in route.fields {
        entries.append(
          SearchEntry(
            kind: .field, name: field.name, detail: "\(route.id.rawValue): \(field.format.summary)", href: href))
      }
    }
    for rule in contract.rejectionRules {
      guard let href = anchor(DirectiveAnchor.reason(rule.reason)) else { continue }
      entries.append(SearchEntry(kind: .reason, name: rule.reason.rawValue, detail: rule.when, href: href))
    }
    for row in contract.troubleshooting {
      guard let href = anchor(DirectiveAnchor.symptom(row.id)) else { continue }
      entries.append(SearchEntry(kind: .symptom, name: row.observation, detail: row.nextAction, href: href))
    }
    for page in pages {
      entries.append(
        SearchEntry(kind: .page, name: page.title, detail: page.matter?.summary ?? "", href: page.outputName))
      for heading in page.headings where heading.level <= 3 {
        entries.append(
          SearchEntry(
            kind: .heading, name: heading.text, detail: page.title, href: "\(page.outputName)#\(heading.id)"))
      }
    }
    self.entries = entries
  }

  /// `search.json`: compact, one entry an array of kind, name, detail and href.
  var json: [UInt8] {
    var out: [UInt8] = [0x5B]
    out.reserveCapacity(entries.count * 96)
    for (index, entry) in entries.enumerated() {
      if index > 0 { out.append(0x2C) }
      out.append(0x5B)
      JSON.quote(entry.kind.rawValue, into: &out)
      out.append(0x2C)
      JSON.quote(entry.name, into: &out)
      out.append(0x2C)
      JSON.quote(entry.detail.replacingOccurrences(of: "`", with: ""), into: &out)
      out.append(0x2C)
      JSON.quote(entry.href, into: &out)
      out.append(0x5D)
    }
    out += [0x5D, 0x0A]
    return out
  }

  /// Fills the search page: a form the script enhances, and without the script a complete
  /// static index of every entry, grouped by kind.
  func fill(_ content: Element, script: Bool) {
    let form = content.add("form", ["class": "search-form", "role": "search", "action": "search.html"])
    form.add("label", ["for": "search-input"], text: "Search route classes, fields, reasons and pages")
    form.add(
      "input",
      [
        "type": "search", "id": "search-input", "name": "q", "autocomplete": "off",
        "aria-describedby": "search-help", "aria-controls": "search-results",
      ])
    form.add(
      "p", ["id": "search-help", "class": "search-help"],
      text:
        "Type a name such as extra-field or checkout. Arrow keys move through the results; Enter opens one. Without JavaScript, use the index below."
    )
    content.add("ul", ["id": "search-results", "class": "search-results", "aria-live": "polite", "hidden": "hidden"])
    content.add("h2", ["id": "index-of-entries"], text: "Index")
    for kind in SearchEntry.Kind.allCases {
      let group = entries.filter { $0.kind == kind }
      guard !group.isEmpty else { continue }
      content.add("h3", ["id": "index-\(slug(kind.rawValue))"], text: kind.groupTitle)
      let list = content.add("ul", ["class": "search-index", "data-kind": kind.rawValue])
      for entry in group {
        list.add("li") { item in
          let link = item.add("a", ["href": entry.href])
          if kind == .page || kind == .heading || kind == .symptom {
            link.text(entry.name)
          } else {
            link.add("code", text: entry.name)
          }
          if !entry.detail.isEmpty {
            item.text(": ")
            item.prose(entry.detail)
          }
        }
      }
    }
    if script { content.add("script", ["src": "search.js", "defer": "defer"]) }
  }
}
