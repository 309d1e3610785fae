// MARK: - Design note
//
// Two views of the same steps: `TextTrace` prints the NSLog-like call order people compare with
// their own logs; `JSONTrace` prints the stable machine form (`{"steps": [...]}`) that tools,
// golden files and the later renderer's tests read. Both are pure functions of the steps.

/// Prints steps the way `NSLog(@"%s", __FUNCTION__)` logs read, with the decision under them.
public enum TextTrace {
  public static func render(_ steps: [Step], scenario: Scenario) -> String {
    var out = header(scenario)
    for step in steps {
      out += "\n" + render(step)
    }
    return out
  }

  public static func header(_ scenario: Scenario) -> String {
    let system = scenario.system
    var out = "# \(scenario.title)\n"
    let device =
      system.idiom == .pad
      ? "iPad" : system.homeButton ? tr("iPhone with Home button") : tr("iPhone without Home button")
    out +=
      "# iOS \(system.version) \(device), " + system.profile.summary
      + (scenario.multitasking ? tr(", multitasking (no controller is asked)") : "") + "\n"
    return out
  }

  public static func render(_ step: Step) -> String {
    var out = tr("Step %s: %s", step.index, step.event.label)
    if step.status == .notRun { out += "  " + tr("[not run]") }
    out += "\n"
    for (number, call) in step.calls.enumerated() {
      out += line(for: call, number: number + 1) + "\n"
    }
    for notification in step.notifications { out += "    " + tr("notification: %s", notification) + "\n" }
    for line in step.console { out += "    " + tr("console: %s", line.text) + "\n" }
    if let exception = step.exception {
      out +=
        "    *** Terminating app due to uncaught exception '\(exception.name)', reason: '\(exception.reason)'\n"
    }
    if let error = step.error { out += "    " + error.line + "\n" }
    for note in step.deprecations { out += "    " + tr("deprecated: %s", note.text) + "\n" }
    if let limit = step.limit { out += "    " + tr("limit: %s", limit.text) + "\n" }
    if let masks = step.masks, step.status != .notRun {
      let line = maskLine(masks)
      out +=
        "    " + (masks.decided ? tr("masks: %s", line) : tr("masks (not asked this step): %s", line)) + "\n"
    }
    if let locked = step.interfaceOrientationLocked, step.status != .notRun {
      out += "    effectiveGeometry.isInterfaceOrientationLocked: \(locked ? "YES" : "NO")\n"
    }
    if step.sceneWindow != .fullScreen, step.status != .notRun {
      out += "    " + tr("scene window: %s (it does not fill the screen)", step.sceneWindow.rawValue) + "\n"
    }
    let device = step.deviceOrientation.name
    let interface = step.interfaceOrientation.name
    out +=
      "    "
      + (step.physicalOrientation != step.deviceOrientation
        ? tr(
          "result: device %s (held %s), interface %s — %s", device, step.physicalOrientation.name, interface,
          step.reason.text)
        : tr("result: device %s, interface %s — %s", device, interface, step.reason.text)) + "\n"
    return out
  }

  /// `  3  -[NavVC supportedInterfaceOrientations] -> portrait`, indented by depth; UIKit defaults marked.
  public static func line(for call: Call, number: Int) -> String {
    let numberText = String(number)
    var out = String(repeating: " ", count: max(0, 4 - numberText.count)) + numberText + "  "
    out += String(repeating: "  ", count: call.depth)
    out += call.signature
    if let answer = call.answer { out += " -> \(answer)" }
    if let note = call.note { out += "  \(note.text)" }
    if !call.overridden && call.kind != .api { out += "  " + tr("(UIKit default)") }
    return out
  }

  public static func maskLine(_ masks: MaskTable) -> String {
    tr(
      "app %s [%s] ∩ %s %s [%s] ∩ device %s = %s; %s", masks.app.name, masks.appSource.text,
      masks.controllerClass,
      masks.controller.name, masks.controllerSource.text, masks.device.name, masks.intersection.name,
      masks.shouldAutorotateCalled
        ? "shouldAutorotate \(masks.shouldAutorotate ? "YES" : "NO")" : tr("shouldAutorotate not called"))
  }
}

/// The machine-readable trace: `{"steps": [...]}`.
public enum JSONTrace {
  public static func render(_ steps: [Step], scenario: Scenario) -> String {
    let document: JSONValue = .object([
      ("format", .string("rotation-lab.trace/1")),
      ("title", .string(scenario.title)),
      (
        "system",
        .object([
          ("version", .string(scenario.system.version.text)),
          ("idiom", .string(scenario.system.idiom.rawValue)),
          ("homeButton", .bool(scenario.system.homeButton)),
          ("profile", .string(scenario.system.profile.rawValue)),
          ("multitasking", .bool(scenario.multitasking)),
        ])
      ),
      ("steps", .array(steps.map(value(of:)))),
    ])
    return document.serialized() + "\n"
  }

  public static func value(of step: Step) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("index", .number(Double(step.index))),
      ("event", ScenarioEncoder.encode(step.event)),
      ("label", .string(step.event.described.text(.machine))),
      ("status", .string(step.status.rawValue)),
      ("calls", .array(step.calls.map(value(of:)))),
      ("physicalOrientation", .string(step.physicalOrientation.name)),
      ("deviceOrientation", .string(step.deviceOrientation.name)),
      ("interfaceOrientation", .string(step.interfaceOrientation.name)),
      ("masks", step.masks.map(value(of:)) ?? .null),
      ("reason", .string(step.reason.text(.machine))),
      ("rules", .array(step.reason.rules.map { .string($0.anchor) })),
      ("notifications", .array(step.notifications.map(JSONValue.string))),
      ("console", .array(step.console.map { .string($0.text(.machine)) })),
      (
        "exception",
        step.exception.map { .object([("name", .string($0.name)), ("reason", .string($0.reason))]) } ?? .null
      ),
    ]
    if let locked = step.interfaceOrientationLocked {
      members.append(("interfaceOrientationLocked", .bool(locked)))
    }
    if step.sceneWindow != .fullScreen { members.append(("sceneWindow", .string(step.sceneWindow.rawValue))) }
    members.append(
      (
        "error",
        step.error.map {
          .object([
            ("domain", .string($0.domain)), ("code", .number(Double($0.code))),
            ("description", .string($0.message)), ("deliveredLater", .bool($0.deliveredLater)),
          ])
        } ?? .null
      ))
    members.append(("deprecated", .array(step.deprecations.map { .string($0.text(.machine)) })))
    if let limit = step.limit { members.append(("limit", .string(limit.text(.machine)))) }
    members.append(("windows", TraceTree.value(of: step.state.tree)))
    return .object(members)
  }

  public static func value(of call: Call) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("receiver", .string(call.receiver)),
      ("selector", .string(call.selector)),
      ("answer", call.answer.map(JSONValue.string) ?? .null),
      ("overridden", .bool(call.overridden)),
      ("depth", .number(Double(call.depth))),
      ("kind", .string(call.kind.rawValue)),
    ]
    if let id = call.receiverID { members.append(("instance", .number(Double(id)))) }
    if let note = call.note { members.append(("note", .string(note.text(.machine)))) }
    return .object(members)
  }

  public static func value(of mask: OrientationMask) -> JSONValue {
    .object([
      ("name", .string(mask.name)),
      ("raw", .number(Double(mask.rawValue))),
      ("orientations", .array(mask.orientations.map { .string($0.name) })),
    ])
  }

  public static func value(of masks: MaskTable) -> JSONValue {
    func entry(_ mask: OrientationMask, _ source: Phrase, extra: [(key: String, value: JSONValue)] = [])
      -> JSONValue
    {
      guard case .object(let members) = value(of: mask) else { return .null }
      return .object(extra + members + [("source", .string(source.text(.machine)))])
    }
    return .object([
      ("decided", .bool(masks.decided)),
      ("app", entry(masks.app, masks.appSource)),
      (
        "controller",
        entry(
          masks.controller, masks.controllerSource,
          extra: [
            ("class", .string(masks.controllerClass)), ("instance", .number(Double(masks.controllerID))),
          ])
      ),
      ("device", entry(masks.device, masks.deviceSource)),
      ("intersection", value(of: masks.intersection)),
      ("shouldAutorotate", masks.shouldAutorotateCalled ? .bool(masks.shouldAutorotate) : .null),
      ("deviceOrientation", .string(masks.deviceOrientation.name)),
      ("mapsTo", masks.mappedOrientation.map { .string($0.name) } ?? .null),
    ])
  }
}

extension SceneError {
  /// The trace's line: the error, and when the app's handler gets it.
  public var line: String {
    deliveredLater
      ? tr("error (to the handler later, on a background queue): %s", description)
      : tr("error: %s", description)
  }
}
