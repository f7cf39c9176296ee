import LinkContract

/// The handling sequence drawn as inline SVG from the stage values: one box a stage with its
/// failure owner, arrows between them, and where rejected links stop.
struct StageDiagram {
  let contract: Contract

  func draw(into parent: Element) {
    let stages = contract.stages
    let boxWidth = 150
    let gap = 30
    let width = stages.count * boxWidth + (stages.count - 1) * gap + 20
    // Where a rejected link goes: the fallback route class's own destination.
    let fallback = contract.fallback.map { wrap("\($0.id.rawValue): \($0.destination)", width: 40) } ?? []
    let height = 230 + 16 * max(fallback.count - 1, 0)
    let svg = parent.add(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 \(width) \(height)", "role": "img",
        "aria-labelledby": "handling-sequence-title", "class": "stage-diagram",
      ])
    svg.add(
      "title", ["id": "handling-sequence-title"],
      text: "Handling sequence: " + stages.map(\.title).joined(separator: ", then "))
    let defs = svg.add("defs")
    defs.add(
      "marker",
      [
        "id": "arrow", "viewBox": "0 0 10 10", "refX": "9", "refY": "5", "markerWidth": "8", "markerHeight": "8",
        "orient": "auto",
      ]
    ).add("path", ["d": "M0,0 L10,5 L0,10 z", "class": "arrow-head"])
    let rejectedAtParse = contract.rejectionRules.count
    for (offset, stage) in stages.enumerated() {
      let x = 10 + offset * (boxWidth + gap)
      let group = svg.add("g", ["class": "stage"])
      group.add("rect", ["x": "\(x)", "y": "20", "width": "\(boxWidth)", "height": "70", "rx": "8"])
      group.add("text", ["x": "\(x + boxWidth / 2)", "y": "50", "class": "stage-title"], text: stage.title)
      group.add("text", ["x": "\(x + boxWidth / 2)", "y": "72", "class": "stage-step"], text: "stage \(offset + 1)")
      for (line, words) in wrap(stage.failureOwner, width: 22).enumerated() {
        group.add("text", ["x": "\(x + boxWidth / 2)", "y": "\(118 + line * 16)", "class": "stage-owner"], text: words)
      }
      if offset + 1 < stages.count {
        svg.add(
          "line",
          [
            "x1": "\(x + boxWidth)", "y1": "55", "x2": "\(x + boxWidth + gap - 2)", "y2": "55",
            "class": "stage-arrow", "marker-end": "url(#arrow)",
          ])
      }
      if stage.id == .parse {
        let middle = x + boxWidth / 2
        svg.add("line", ["x1": "\(middle)", "y1": "90", "x2": "\(middle)", "y2": "100", "class": "stop-line"])
        svg.add(
          "text", ["x": "\(middle)", "y": "200", "class": "stop-label"],
          text: "\(rejectedAtParse) rejection reasons stop here")
        for (line, words) in fallback.enumerated() {
          svg.add("text", ["x": "\(middle)", "y": "\(218 + 16 * line)", "class": "stop-label"], text: words)
        }
      }
    }
  }

  func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + word.count + 1 > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
