import LinkContract
import LinkLifecycle

/// The lifecycle page's generated material: the intent states as a picture with its text
/// equivalent, the scenario coverage of the verification checklist, and every scenario.
struct LifecycleRenderer {
  let contract: Contract
  let renderer: DirectiveRenderer

  func render(into element: Element) {
    let scenarios = Scenarios.all(contract)
    let figure = element.add("figure", ["class": "diagram", "id": "lifecycle-states"])
    drawStates(into: scrollRegion(in: figure, label: "Link intent states diagram"))
    figure.add("figcaption").prose(
      "States of a link intent. Every state can also end in Dropped on logout, an \(contract.switchables) switch, a stale generation, expiry or a newer link. The table below lists every transition in words."
    )
    renderer.table(element, caption: "Intent states and transitions", headers: ["From", "To", "When"], cards: false) {
      body in
      for transition in IntentState.transitions(contract) {
        let row = body.add("tr")
        row.add("th", ["scope": "row"], text: transition.from.title)
        row.add("td", text: transition.to.title)
        row.add("td", text: transition.when)
      }
    }
    renderer.table(
      element, caption: "Verification checklist covered by the scenarios",
      headers: ["Item", "Scenarios", "Limit of the model"],
      id: "lifecycle-coverage"
    ) { body in
      for coverage in scenarioCoverage(contract, scenarios: scenarios) {
        let row = body.add("tr")
        let item = row.add("th", ["scope": "row"])
        renderer.link(
          item, anchor: DirectiveAnchor.verification(coverage.item.id), text: coverage.item.id.rawValue, code: true)
        let cell = row.add("td")
        cell.text("\(coverage.scenarios.count): ")
        for (offset, id) in coverage.scenarios.enumerated() {
          if offset > 0 { cell.text(", ") }
          cell.add("a", ["href": "#scenario-\(id)"], text: id)
        }
        row.add("td", text: modelBoundaries[coverage.item.id] ?? "")
      }
    }
    element.add("p").prose(
      "The same \(scenarios.count) scenarios are in `lifecycle.json` and in the generated Swift test source that the lifecycle model's tests run."
    )
    for scenario in scenarios {
      let section = element.add("section", ["class": "scenario", "id": "scenario-\(scenario.id)"])
      section.add("h3") { heading in
        heading.text(scenario.title + " ")
        heading.add("code", text: scenario.id)
      }
      section.add("p") { line in
        line.text("Build \(scenario.build). \(scenario.starting.summary) Covers: ")
        for (offset, id) in scenario.covers.enumerated() {
          if offset > 0 { line.text(", ") }
          line.add("code", text: id.rawValue)
        }
        line.text(".")
      }
      let list = section.add("ol", ["class": "steps"])
      for step in scenario.steps {
        list.add("li") { item in
          item.add("p", ["class": "event"]).prose(step.event.summary(contract))
          let expected = item.add("ul")
          if step.expected.isEmpty { expected.add("li", text: "Nothing is observed.") }
          for observation in step.expected { expected.add("li").prose(observation.summary(contract)) }
        }
      }
    }
  }

  func drawStates(into parent: Element) {
    let positions: [IntentState: (Int, Int)] = [
      .received: (80, 130), .rejected: (80, 40), .queued: (260, 130), .gated: (440, 130),
      .authorizing: (620, 130), .consumed: (800, 130), .dropped: (440, 250),
    ]
    let width = 130
    let height = 44
    let svg = parent.add(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 880 290", "role": "img",
        "aria-labelledby": "lifecycle-states-title", "class": "state-diagram",
      ])
    svg.add("title", ["id": "lifecycle-states-title"], text: "Link intent states and their transitions")
    svg.add("defs").add(
      "marker",
      [
        "id": "state-arrow", "viewBox": "0 0 10 10", "refX": "9", "refY": "5", "markerWidth": "8",
        "markerHeight": "8", "orient": "auto",
      ]
    ).add("path", ["d": "M0,0 L10,5 L0,10 z", "class": "arrow-head"])
    var drawn = Set<String>()
    for transition in IntentState.transitions(contract) where transition.from != transition.to {
      let key = "\(transition.from)-\(transition.to)"
      guard drawn.insert(key).inserted, let from = positions[transition.from], let to = positions[transition.to]
      else { continue }
      let path: String
      if from.1 == to.1 {
        let start = (from.0 + width / 2, from.1)
        let end = (to.0 - width / 2, to.1)
        if to.0 - from.0 > 200 {
          path = "M\(from.0),\(from.1 - height / 2) Q\((from.0 + to.0) / 2),\(from.1 - 80) \(to.0),\(to.1 - height / 2)"
        } else {
          path = "M\(start.0),\(start.1) L\(end.0),\(end.1)"
        }
      } else {
        let down = to.1 > from.1
        path =
          "M\(from.0),\(from.1 + (down ? height / 2 : -height / 2)) L\(to.0 + (to.0 == from.0 ? 0 : (from.0 - to.0) / 4)),\(to.1 + (down ? -height / 2 : height / 2))"
      }
      svg.add("path", ["d": path, "class": "state-arrow", "marker-end": "url(#state-arrow)"])
    }
    for state in IntentState.allCases {
      guard let (x, y) = positions[state] else { continue }
      let group = svg.add("g", ["class": "state state-\(state.rawValue)"])
      group.add(
        "rect",
        ["x": "\(x - width / 2)", "y": "\(y - height / 2)", "width": "\(width)", "height": "\(height)", "rx": "22"])
      group.add("text", ["x": "\(x)", "y": "\(y + 5)"], text: state.title)
    }
  }
}
