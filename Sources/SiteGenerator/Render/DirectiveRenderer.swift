import ContractArtifacts
import LinkContract
import LinkParser

/// Renders directives from the contract's values into HTML elements.
struct DirectiveRenderer {
  let context: SiteContext
  let lookups: SiteLookups

  var contract: Contract { context.contract }

  mutating func render(_ directive: Directive, into element: Element) {
    switch directive {
    case .layers: layers(element)
    case .routeClasses: routeClasses(element)
    case .route(let id): routeCard(id, element)
    case .routes:
      for route in contract.routeClasses { routeCard(route.id, element, heading: "h2", examples: true) }
    case .reasonExamples: reasonExamples(element)
    case .references: references(element)
    case .rejectionReasons: rejectionReasons(element)
    case .forbiddenFields: forbiddenFields(element)
    case .handlingStages: handlingStages(element)
    case .gates: gates(element)
    case .troubleshooting: troubleshooting(element)
    case .verification: verification(element)
    case .revalidation: revalidation(element)
    case .builds: builds(element)
    case .association(let build): association(build, element)
    case .conformance: conformance(element)
    case .lifecycle: LifecycleRenderer(contract: contract, renderer: self).render(into: element)
    case .linkChecker: linkChecker(element)
    }
  }

  /// The docs' link checker: a form that reloads the page with `?build=NAME&link=LINK`, and
  /// the element `check.js` fills with the line `linkcontract parse` prints. The checker reads
  /// only `contract.js`, the contract as data; without JavaScript the page says what to run.
  func linkChecker(_ element: Element) {
    let section = element.add("section", ["id": "link-checker", "aria-label": "Link checker"])
    let form = section.add("form", ["id": "check-form", "class": "check-form", "action": "check.html"])
    let buildRow = form.add("p")
    buildRow.add("label", ["for": "check-build"], text: "Build")
    buildRow.text(" ")
    let select = buildRow.add("select", ["id": "check-build", "name": "build"])
    for build in contract.builds { select.add("option", ["value": build.name], text: build.name) }
    let linkRow = form.add("p")
    linkRow.add("label", ["for": "check-link"], text: "Link")
    linkRow.text(" ")
    // A text input with a URL keyboard, not `type="url"`: a url input strips the blanks at either
    // end of what is pasted, and the checker must answer for the link as given, as the parser does.
    linkRow.add(
      "input",
      [
        "type": "text", "id": "check-link", "name": "link", "autocomplete": "off", "spellcheck": "false",
        "inputmode": "url", "size": "60",
      ])
    form.add("p").add("button", ["type": "submit"], text: "Check")
    let answer = section.add("p", ["class": "check-outcome"])
    answer.text("Outcome: ")
    answer.add("output", ["id": "outcome", "for": "check-build check-link", "aria-live": "polite"])
    let without = section.add("noscript").add("p")
    without.text("The checker runs in the browser. Without JavaScript, ask the tool: ")
    without.add("code", text: context.tool.command("parse --build NAME LINK"))
    without.text(".")
    section.add("script", ["src": "contract.js", "defer": "defer"])
    section.add("script", ["src": "check.js", "defer": "defer"])
  }

  /// The text a reader sees of `directive`'s block, for the search index: the block rendered
  /// ahead of the site index (links as plain text), its text nodes in order, the same on any page.
  static func searchText(of directive: Directive, context: SiteContext) -> [UInt8] {
    let document = HTMLDocument.fragment()
    var renderer = DirectiveRenderer(context: context, lookups: SiteLookups(aheadOf: ""))
    renderer.render(directive, into: document.body)
    return document.plainText(of: document.body)
  }

  /// A link to a directive anchor when some page shows it, else plain text.
  func link(_ parent: Element, anchor: String, text: String, code: Bool = false) {
    let target = lookups.href(anchor: anchor).map { parent.add("a", ["href": $0]) } ?? parent
    if code { target.add("code", text: text) } else { target.text(text) }
  }

  /// A table in a scroll region. With `cards` (tables whose rows each describe one thing in
  /// words), a phone shows each row as a card instead (`table.cards` in the stylesheet), each
  /// body cell labelled with its column's header; a table to compare across (counts, short
  /// values) stays a table, and scrolls sideways when it must.
  func table(
    _ parent: Element, caption: String, headers: [String], id: String? = nil, cards: Bool = true,
    rows: (Element) -> Void
  ) {
    let table = scrollRegion(in: parent, label: caption).add("table")
    if let id { table.set("id", id) }
    if cards { table.set("class", "cards") }
    table.add("caption", text: caption)
    let head = table.add("thead").add("tr")
    for header in headers { head.add("th", ["scope": "col"], text: header) }
    let body = table.add("tbody")
    rows(body)
    guard cards else { return }
    for row in body.children {
      for (cell, header) in zip(row.children, headers) where cell.attribute("scope") != "row" {
        cell.set("data-label", header)
      }
    }
  }

  func layers(_ element: Element) {
    table(
      element, caption: "Layers and what each does not prove", headers: ["Layer", "Responsibility", "Does not prove"]
    ) {
      body in
      for layer in contract.layers {
        let row = body.add("tr", ["id": DirectiveAnchor.layer(layer.id)])
        row.add("th", ["scope": "row"], text: layer.title)
        row.add("td").prose(layer.responsibility)
        row.add("td").prose(layer.doesNotProve)
      }
    }
  }

  func forms(_ route: RouteClass) -> [String] {
    var forms: [String] = []
    if let pattern = route.httpsPattern { forms.append("https://<host>" + pattern) }
    if let name = route.customSchemeName {
      let alternatives = route.query.fields.map { "?\($0.name)=<\($0.name)>" }
      for query in alternatives.isEmpty ? [""] : alternatives { forms.append("<scheme>://\(name)" + query) }
    }
    return forms
  }

  /// The carriers the app accepts the route's links on, and its https form when that is a web
  /// page on the builds' hosts; nil when it has neither.
  func carrierText(_ route: RouteClass) -> String? {
    var parts = route.carriers.isEmpty ? [] : [route.carriers.map(\.title).joined(separator: ", ")]
    if route.isWebPage {
      let hosts = contract.builds.map(\.webHost)
      let listed = hosts.dropLast().joined(separator: ", ") + (hosts.count > 1 ? " or " : "") + (hosts.last ?? "")
      parts.append("web page on \(listed), not an app link")
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  func publicationText(_ publication: Publication) -> String {
    switch publication {
    case .published: "Published in the association files"
    case .excluded(let reason): "Not published: \(reason)"
    case .disabled(let reason): "Disabled (the app never presents it from a link) and not published: \(reason)"
    case .notAnAppLink(let reason): "Not an app link: \(reason)"
    case .neverClaimed: "Never claimed"
    }
  }

  func routeClasses(_ element: Element) {
    table(
      element, caption: "Route classes", headers: ["Route class", "Form", "Carriers", "Published", "Sensitive"],
      id: "route-classes-table"
    ) { body in
      for route in contract.routeClasses {
        let row = body.add("tr")
        let name = row.add("th", ["scope": "row"])
        link(name, anchor: DirectiveAnchor.route(route.id), text: route.id.rawValue, code: true)
        let formCell = row.add("td")
        let shown = forms(route)
        if shown.isEmpty { formCell.text("anything else") }
        for (offset, form) in shown.enumerated() {
          if offset > 0 { formCell.add("br") }
          formCell.add("code", text: form)
        }
        row.add("td", text: carrierText(route) ?? "none")
        row.add(
          "td", text: route.publication.isPublished ? "yes" : route.publication.isDisabled ? "no: disabled" : "no")
        row.add("td", text: route.isSensitive ? "yes" : "no")
      }
    }
  }

  func routeCard(_ id: RouteClassID, _ element: Element, heading level: String = "h3", examples: Bool = false) {
    guard let route = contract.routeClass(id) else { return }
    let card = element.add("section", ["class": "route-card", "id": DirectiveAnchor.route(id)])
    card.add(level) { heading in
      heading.text(route.title + " ")
      heading.add("code", text: route.id.rawValue)
    }
    let list = card.add("dl")
    func entry(_ term: String, _ fill: (Element) -> Void) {
      list.add("dt", text: term)
      fill(list.add("dd"))
    }
    entry("Form") { cell in
      let shown = forms(route)
      if shown.isEmpty { cell.text("Anything no other route class matches.") }
      for (offset, form) in shown.enumerated() {
        if offset > 0 { cell.add("br") }
        cell.add("code", text: form)
      }
    }
    entry("Carriers") { $0.text(carrierText(route) ?? "None") }
    entry("Fields") { cell in
      if route.fields.isEmpty {
        cell.text(route.query == .none && !route.carriers.isEmpty ? "None; no query field is accepted." : "None.")
        return
      }
      let fields = cell.add("ul")
      for field in route.fields {
        fields.add("li") { item in
          item.add("code", text: field.name)
          item.text(": ")
          item.prose(field.format.summary + ". " + field.meaning)
        }
      }
      if case .exactlyOne(let alternatives) = route.query, alternatives.count > 1 {
        cell.add("p").prose(
          "Exactly one of " + alternatives.map { "`\($0.name)`" }.joined(separator: " or ")
            + "; when several are given, the later ones in this order are extra fields.")
      }
    }
    entry("Destination") { $0.prose(route.destination) }
    entry("Authority") { $0.prose(route.authority.needs) }
    entry("Gates") { cell in
      cell.text(route.gates.isEmpty ? "None." : route.gates.map(\.title).joined(separator: ", ") + ".")
    }
    entry("Does not prove") { $0.prose(route.boundary) }
    entry("Sensitivity") { cell in
      guard let sensitivity = route.sensitivity else {
        cell.text("Not sensitive.")
        return
      }
      var parts: [String] = []
      if sensitivity.boundToAccount { parts.append("bound to the account or authorized guest context") }
      if sensitivity.boundToSessionGeneration { parts.append("bound to " + contract.generationBinding) }
      if sensitivity.consumedOnce { parts.append("consumed once") }
      parts.append("fresh for \(sensitivity.freshnessSeconds / 60) minutes")
      cell.text("Sensitive: " + parts.joined(separator: ", ") + ".")
    }
    entry("Publication") { $0.text(publicationText(route.publication) + ".") }
    if !route.automaticReads.isEmpty {
      entry("Reads on opening") { $0.text(route.automaticReads.joined(separator: "; ") + ".") }
    }
    if examples { routeExamples(route, card) }
  }

  /// The route's canonical links and a few rejections of its shape, from the conformance
  /// table of the first build: examples the parser's tests check, so they cannot drift.
  func routeExamples(_ route: RouteClass, _ element: Element) {
    guard let build = contract.builds.first else { return }
    let cases = context.conformance.value.links.filter { $0.build == build.name }
    var chosen: [ConformanceCase] = []
    func pick(_ suffix: String) {
      let id = "\(build.name)-\(route.id)-\(suffix)"
      if let found = cases.first(where: { $0.id == id }) { chosen.append(found) }
    }
    for carrier in route.carriers { pick("\(carrier.rawValue)-canonical") }
    if route.isWebPage { pick("https-not-an-app-link") }
    if route.httpsPath != nil {
      pick("https-prefix-1")
      pick("https-extra-field")
    }
    if let field = route.fields.first, let carrier = route.carriers.first {
      let part = ConformanceTable.idPart(of: field, in: route)
      pick("\(carrier.rawValue)-\(part)-wrong-prefix")
      if chosen.last?.id.hasSuffix("wrong-prefix") != true { pick("\(carrier.rawValue)-\(part)-empty") }
    }
    guard !chosen.isEmpty else { return }
    examplesTable(element, caption: "\(route.title): examples on \(build.name), checked by the parser's tests", chosen)
  }

  /// One example for each rejection reason: the shortest link of the first build's conformance
  /// cases that the reason rejects.
  func reasonExamples(_ element: Element) {
    guard let build = contract.builds.first else { return }
    let cases = context.conformance.value.links.filter { $0.build == build.name }
    let chosen = RejectionReason.allCases.compactMap { reason in
      cases.filter { if case .unsupported(reason, _) = $0.expected { true } else { false } }
        .min { $0.input.utf8.count < $1.input.utf8.count }
    }
    let wrapper = element.add("div", ["id": "reason-examples"])
    examplesTable(wrapper, caption: "One example for every reason, on \(build.name)", chosen)
  }

  /// Each kind of server-issued reference, with a value reserved for documentation and tests.
  func references(_ element: Element) {
    let fields = contract.routeClasses.flatMap(\.fields)
    table(
      element, caption: "References and reserved documentation values", headers: ["Field", "Prefix", "Reserved value"],
      id: "references-table", cards: false
    ) { body in
      for kind in contract.references {
        guard let field = fields.first(where: { $0.name == kind.field }) else { continue }
        let row = body.add("tr")
        row.add("th", ["scope": "row"]).add("code", text: kind.field)
        row.add("td").add("code", text: kind.prefix)
        row.add("td").add("code", text: contract.sample(field))
      }
    }
  }

  func examplesTable(_ element: Element, caption: String, _ cases: [ConformanceCase]) {
    table(element, caption: caption, headers: ["Link", "Outcome"], cards: false) { body in
      for item in cases {
        let row = body.add("tr")
        row.add("td", ["class": "link-example"]).add("code", ["class": "link"], text: item.input)
        let cell = row.add("td")
        switch item.expected {
        case .recognized(let id, _):
          cell.text("recognized ")
          link(cell, anchor: DirectiveAnchor.route(id), text: id.rawValue, code: true)
        case .unsupported(let reason, let field):
          cell.text("unsupported ")
          link(cell, anchor: DirectiveAnchor.reason(reason), text: reason.rawValue, code: true)
          if let field {
            cell.text(" ")
            cell.add("code", text: field)
          }
        }
      }
    }
  }

  func rejectionReasons(_ element: Element) {
    table(
      element, caption: "Rejection reasons, in the order they are checked: the first that applies wins",
      headers: ["#", "Reason", "When", "Troubleshooting"]
    ) { body in
      for (offset, reason) in RejectionReason.allCases.enumerated() {
        guard let rule = contract.rule(for: reason) else { continue }
        let row = body.add("tr", ["id": DirectiveAnchor.reason(reason)])
        row.add("td", text: String(offset + 1))
        row.add("th", ["scope": "row"]) { cell in
          cell.add("code", text: reason.rawValue)
          if rule.isSecurityEvent {
            cell.add("br")
            cell.add("span", ["class": "badge"], text: "security event")
          }
        }
        row.add("td").prose(rule.when)
        let cell = row.add("td")
        if let symptom = contract.row(rule.troubleshooting) {
          link(cell, anchor: DirectiveAnchor.symptom(symptom.id), text: symptom.observation)
        }
      }
    }
  }

  func forbiddenFields(_ element: Element) {
    element.add("p").prose(ForbiddenWords.rule)
    let list = element.add("dl", ["id": "forbidden-fields", "class": "forbidden-fields"])
    for group in contract.forbiddenKeys.groups where !group.words.isEmpty {
      list.add("dt", text: group.title)
      let cell = list.add("dd")
      for (offset, word) in group.words.enumerated() {
        if offset > 0 { cell.text(", ") }
        cell.add("code", text: word)
      }
    }
  }

  func handlingStages(_ element: Element) {
    let figure = element.add("figure", ["class": "diagram", "id": "handling-sequence-diagram"])
    StageDiagram(contract: contract).draw(into: scrollRegion(in: figure, label: "Handling sequence diagram"))
    let parse = contract.stage(.parse)?.title ?? StageID.parse.rawValue
    figure.add("figcaption").prose(
      "The handling sequence. Each stage has its own failure owner; a later stage is never inferred from an earlier one. Every rejection reason stops a link at \(parse). The table below says the same in words."
    )
    table(
      element, caption: "Handling sequence", headers: ["Stage", "Expected result", "Failure owner", "Layer"]
    ) { body in
      for stage in contract.stages {
        let row = body.add("tr", ["id": DirectiveAnchor.stage(stage.id)])
        row.add("th", ["scope": "row"], text: stage.title)
        row.add("td").prose(stage.expectedResult)
        row.add("td", text: stage.failureOwner)
        let cell = row.add("td")
        if let layer = contract.layer(stage.layer) {
          link(cell, anchor: DirectiveAnchor.layer(layer.id), text: layer.title)
        }
      }
    }
  }

  func gates(_ element: Element) {
    let gates = contract.gates
    table(
      element, caption: "Gates that can come before each destination",
      headers: ["Route class", "Who may open it"] + gates.map(\.title), id: "gates-table"
    ) { body in
      for route in contract.routeClasses where !route.carriers.isEmpty {
        let row = body.add("tr")
        let name = row.add("th", ["scope": "row"])
        link(name, anchor: DirectiveAnchor.route(route.id), text: route.id.rawValue, code: true)
        row.add("td", text: route.authority.requirement.title)
        for gate in gates {
          row.add("td", text: route.gates.contains(gate) ? "yes" : "no")
        }
      }
    }
  }

  func troubleshooting(_ element: Element) {
    table(
      element, caption: "Troubleshooting matrix",
      headers: ["What is seen", "Safe interpretation", "Next action", "Stage", "Reasons"]
    ) { body in
      for symptom in contract.troubleshooting {
        let row = body.add("tr", ["id": DirectiveAnchor.symptom(symptom.id)])
        row.add("th", ["scope": "row"], text: symptom.observation)
        row.add("td").prose(symptom.interpretation)
        row.add("td").prose(symptom.nextAction)
        let stageCell = row.add("td")
        if let stage = contract.stage(symptom.stage) {
          link(stageCell, anchor: DirectiveAnchor.stage(stage.id), text: stage.title)
        }
        let reasons = contract.rejectionRules.filter { $0.troubleshooting == symptom.id }
        let cell = row.add("td")
        if reasons.isEmpty { cell.text("none") }
        for (offset, rule) in reasons.enumerated() {
          if offset > 0 { cell.text(" ") }
          link(cell, anchor: DirectiveAnchor.reason(rule.reason), text: rule.reason.rawValue, code: true)
        }
      }
    }
  }

  func verification(_ element: Element) {
    let list = element.add("ul", ["class": "checklist"])
    for item in contract.verification {
      list.add("li", ["id": DirectiveAnchor.verification(item.id)]) { entry in
        entry.add("code", text: item.id.rawValue)
        entry.text(": ")
        entry.prose(item.covers)
      }
    }
  }

  func revalidation(_ element: Element) {
    let list = element.add("ul")
    for trigger in contract.revalidation {
      list.add("li", ["id": DirectiveAnchor.revalidation(trigger.id)]) { entry in
        entry.add("code", text: trigger.id.rawValue)
        entry.text(": ")
        entry.prose(trigger.when)
      }
    }
  }

  func builds(_ element: Element) {
    for build in contract.builds {
      let section = element.add("section", ["class": "build-card", "id": DirectiveAnchor.build(build.name)])
      section.add("h2") { $0.add("code", text: build.name) }
      let list = section.add("dl")
      func entry(_ term: String, _ value: String) {
        list.add("dt", text: term)
        list.add("dd").add("code", text: value)
      }
      entry("Web host", build.webHost)
      entry("iOS app id", build.appID)
      entry("Android package", build.androidPackage)
      entry("Custom scheme", build.customScheme)
      if let callback = contract.oauthCallback(in: build) { entry("OAuth callback", callback) }
      list.add("dt", text: "Android signing certificate SHA-256")
      for fingerprint in build.androidCertificateFingerprints {
        list.add("dd").add("code", ["class": "fingerprint"], text: fingerprint)
      }
      section.add("p") { paragraph in
        link(paragraph, anchor: DirectiveAnchor.association(build.name), text: "Association files for \(build.name)")
      }
    }
  }

  func association(_ buildName: String, _ element: Element) {
    guard let build = contract.build(named: buildName) else { return }
    let section = element.add("section", ["class": "association", "id": DirectiveAnchor.association(buildName)])
    let prefix = "association/\(buildName)/"
    section.add("h2", text: "Claims, as the matcher answers them")
    section.add("p").prose(
      "Each row is a link run through an implementation of Apple's matching rules over the generated `apple-app-site-association`: components in order, the first match wins. The build fails when an answer disagrees with the route class's publication."
    )
    table(
      section, caption: "What the \(buildName) association file claims",
      headers: ["Link", "Route class", "Answer", "Why"]
    ) {
      body in
      for row in claimTable(contract, build: build) {
        let line = body.add("tr")
        line.add("td").add("code", ["class": "link"], text: row.link)
        line.add("td", text: row.route?.rawValue ?? "none")
        line.add("td").add("code", text: row.answer.summary)
        line.add("td").prose(row.note)
      }
    }
    let limits = platformLimits(contract, build: build)
    if !limits.isEmpty {
      section.add("h2", text: "What the platforms cannot express")
      let list = section.add("ul", ["class": "platform-limits"])
      for limit in limits {
        list.add("li") { item in
          item.add("strong", text: limit.title)
          item.text(
            " (\(limit.platform == .both ? "Android and iOS" : limit.platform == .android ? "Android" : "iOS")). ")
          item.prose(limit.explanation)
        }
      }
    }
    spots(build, prefix: prefix, into: section)
    section.add("h2", text: "Files to serve and snippets to paste")
    let files = context.files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    for path in files {
      let file = section.add("div", ["class": "artifact"])
      file.add("h3") { heading in
        heading.add("a", ["href": path]).add("code", text: String(path.dropFirst(prefix.count)))
      }
      file.add("pre").add("code", text: context.files[path] ?? "")
    }
  }

  /// The table of spots of one build (from `contractSpots(contract)`, the table `audit` reads), the
  /// count of places per value, and the content type each served file needs.
  func spots(_ build: Build, prefix: String, into section: Element) {
    section.add("h2", text: "Where each value must appear")
    section.add("p").prose(
      "Every place in the app checkout, the web host and the runbook that holds one of this build's values, with the generated snippet that fills it. `\(context.tool.command("audit"))` checks each place by its role; `\(context.tool.command("verify-host"))` checks what the web host serves. A place marked as an alternative replaces the one it names and is not counted."
    )
    let all = contractSpots(contract)
    table(
      section, caption: "Places that hold the \(build.name) values",
      headers: ["File in the checkout", "Key or element", "Value", "Where it ends up", "Snippet", "Checked by"]
    ) { body in
      for spot in all {
        let row = body.add("tr", ["id": "spot-\(build.name)-\(spot.id)"])
        row.add("th", ["scope": "row"]) { cell in
          cell.text(spot.project + ": ")
          cell.add("code", text: spot.file)
        }
        row.add("td").add("code", text: spot.key)
        let values = row.add("td")
        for (offset, value) in spot.written(build, contract).enumerated() {
          if offset > 0 { values.add("br") }
          values.add("code", text: value)
        }
        let reach = row.add("td", text: spot.reach.title(contract.checkout))
        if let other = spot.alternativeTo, let replaced = all.first(where: { $0.id == other }) {
          reach.text(" (alternative to \(replaced.file))")
        }
        row.add("td").add("a", ["href": prefix + "native/" + spot.snippet]).add("code", text: spot.snippet)
        row.add("td").add("code", text: spot.role.map { "audit: \($0.rawValue)" } ?? "verify-host")
      }
    }
    let counts = section.add("ul", ["class": "spot-counts"])
    for count in spotCounts(all) { counts.add("li", text: count.sentence(build, contract) + ".") }
    section.add("h2", text: "Content types")
    // What serves the files is said only of the snippets the app chose.
    let servers = [
      contract.nativeSnippets.contains(.nginx)
        ? "the generated `nginx-association.conf` does that for both paths" : nil,
      contract.nativeSnippets.contains(.webHostSettings)
        ? "the \(contract.checkout.webHost)'s settings in `\(snippetFile(.webHostSettings))` do it for the \(contract.checkout.webHost)"
        : nil,
    ].compactMap { $0 }
    section.add("p").prose(
      "Apple's CDN and Android's verifier fetch these paths over https, follow no redirect and read only"
        + " `application/json`. The Apple file has no extension, so a static server must be told its type"
        + (servers.isEmpty ? "." : ": " + servers.joined(separator: "; ") + "."))
    table(
      section, caption: "What the \(build.name) web host serves",
      headers: ["Path", "Content type", "Why it needs saying"]
    ) { body in
      for path in wellKnownPaths {
        let row = body.add("tr")
        row.add("th", ["scope": "row"]).add("code", text: "https://\(build.webHost)\(path)")
        row.add("td").add("code", text: associationContentType)
        row.add(
          "td",
          text: path.split(separator: "/").last?.contains(".") == true
            ? "the extension maps to it in most servers; set it anyway, a default type of text/plain breaks verification"
            : "no extension: nothing infers the type, the server must set it")
      }
    }
  }

  func conformance(_ element: Element) {
    let table = context.conformance.value
    element.add("p") { paragraph in
      let returnURLs = table.returnURLs.isEmpty ? "" : " and \(table.returnURLs.count) return-URL cases"
      paragraph.text("\(table.links.count) link cases\(returnURLs), also as ")
      paragraph.add("a", ["href": "conformance.json"]).add("code", text: "conformance.json")
      paragraph.text(".")
    }
    self.table(
      element, caption: "Link cases by expected outcome",
      headers: ["Outcome"] + contract.builds.map(\.name), id: "conformance-table", cards: false
    ) { body in
      var keys: [String] = contract.routeClasses.map { "recognized \($0.id.rawValue)" }
      keys += RejectionReason.allCases.map { "unsupported \($0.rawValue)" }
      for key in keys {
        let counts = contract.builds.map { build in
          table.links.filter { $0.build == build.name && outcomeKey($0.expected) == key }.count
        }
        guard counts.contains(where: { $0 > 0 }) else { continue }
        let row = body.add("tr")
        row.add("th", ["scope": "row"]).add("code", text: key)
        for count in counts { row.add("td", text: String(count)) }
      }
    }
  }

  func outcomeKey(_ expected: ExpectedOutcome) -> String {
    switch expected {
    case .recognized(let route, _): "recognized \(route.rawValue)"
    case .unsupported(let reason, _): "unsupported \(reason.rawValue)"
    }
  }
}
