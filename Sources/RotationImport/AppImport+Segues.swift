// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A segue a button triggers from the storyboard, when the source's `prepare(for:sender:)` sets
/// something on its destination: a method of the source class named after the segue, whose push
/// or present carries those settings, so that a step (`{"call": "showPlayer", "on": "HomeVC"}`) and
/// the window's Call Method menu run it as the app does.
extension Assembly {
  mutating func addSegueMethods(_ scenario: inout Scenario, code: CodeReader, trees: [StoryboardTree]) {
    // A storyboard walked more than once (from several lookups) offers its segues again.
    var seen: Set<String> = []
    for tree in trees {
      for offer in tree.offers {
        guard seen.insert("\(offer.file):\(offer.line):\(offer.from)").inserted else { continue }
        guard let node = offer.node, code.classes[offer.from] != nil,
          let index = scenario.classes.firstIndex(where: { $0.name == offer.from })
        else { continue }
        // A segue the code performs by identifier is read where it is performed (CodeSegues.swift).
        if let identifier = offer.identifier,
          code.chain(offer.from).project.contains(where: { appClass in
            appClass.members.contains { member, _ in
              member.kind == .function && !CodeSegues.isPrepare(member)
                && (member.body ?? []).contains {
                  $0.kind == .string && CodeTree.stringValue($0) == identifier
                }
            }
          })
        {
          continue
        }
        let (prepared, style) = code.world.prepared(node, from: offer.from, identifier: offer.identifier)
        guard prepared != node || style != nil else { continue }
        let base =
          offer.identifier.flatMap { ScenarioDecoder.isIdentifier($0) ? $0 : nil } ?? "show" + node.className
        var name = base
        var suffix = 2
        while scenario.classes[index].method(named: name) != nil {
          name = base + "Segue" + (suffix > 2 ? String(suffix) : "")
          suffix += 1
        }
        let action: Action =
          offer.push ? .push(prepared) : .present(prepared, style: style ?? offer.style)
        scenario.classes[index].methods.append(Method(name: name, actions: [action]))
        report.facts.append(
          .init(
            file: offer.file, line: offer.line,
            text: tr(
              "%s's segue to %s (a button in the storyboard) is the method %s: %s, with what its prepare(for:sender:) sets",
              offer.from, node.className, name, action.label)))
      }
    }
  }
}
