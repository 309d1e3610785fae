/// Each step's controller tree in `trace --json` (issue #38): every window with its root in the
/// scenario's node shape — `class`, `kind`, the children under the key their kind uses (`stack`,
/// `tabs` with `selected`, `children`, `columns`, `pages`) — and the controllers presented over it,
/// each with its `style`. A tree the app's code builds at launch is then visible to tools as it is
/// in the window. `id` is the instance's number in the run (as a call's `instance`), `properties`
/// what differs from its class's first values.
public enum TraceTree {
  public static func value(of tree: ControllerTree) -> JSONValue {
    .array(
      tree.windows.enumerated().map { index, window in
        var members: [(key: String, value: JSONValue)] = [
          ("name", .string(window.name)), ("key", .bool(index == tree.key)), ("hidden", .bool(window.hidden)),
          ("root", node(window.root, in: tree)),
        ]
        members.append(
          (
            "presented",
            .array(
              window.presentations.map { presentation in
                guard case .object(var inner) = node(presentation.controller, in: tree) else { return .null }
                inner.append(("style", .string(presentation.style.rawValue)))
                inner.append(("fillsWindow", .bool(presentation.takesOver)))
                return .object(inner)
              })
          ))
        return .object(members)
      })
  }

  static func node(_ id: Int, in tree: ControllerTree) -> JSONValue {
    guard let controller = tree.controllers[id] else { return .null }
    var members: [(key: String, value: JSONValue)] = [
      ("class", .string(controller.className)), ("kind", .string(controller.kind.rawValue)),
      ("id", .number(Double(id))),
    ]
    let children = JSONValue.array(controller.children.map { node($0, in: tree) })
    switch controller.kind {
    case .navigation: members.append(("stack", children))
    case .tabBar:
      members.append(("tabs", children))
      members.append(("selected", .number(Double(controller.selected))))
    case .pageView:
      members.append(("pages", children))
      members.append(("selected", .number(Double(controller.selected))))
    case .splitView:
      members.append(
        (
          "columns",
          .array(
            zip(controller.columns, controller.children).map { column, child in
              .object([("role", .string(column.rawValue)), ("node", node(child, in: tree))])
            })
        ))
    case .container: members.append(("children", children))
    case .view, .alert: break
    }
    if !controller.properties.isEmpty {
      members.append(
        (
          "properties",
          .object(
            controller.properties.sorted { $0.key < $1.key }.map { ($0.key, ScenarioEncoder.plain($0.value)) }
          )
        ))
    }
    return .object(members)
  }
}
