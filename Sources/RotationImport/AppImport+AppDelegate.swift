// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What the app delegate's code says beyond its mask: that it makes itself the root container's
/// delegate at launch (`app.asDelegate`), and whether the app adopts the UIScene life cycle.
extension Assembly {
  /// `nav.delegate = self` in the app delegate's launch method, the root a container whose
  /// delegate methods the app delegate implements: the root's node names the app delegate, whose
  /// answers are `app.asDelegate`. Returns the app delegate's class when it is so.
  mutating func appDelegateOfRoot(_ scenario: inout Scenario, code: inout CodeReader) -> String? {
    guard let delegate = code.appDelegate, let kind = code.kind(of: scenario.window.className),
      kind.hasOrientationDelegate
    else { return nil }
    let setsItself = delegate.members.contains { member, _ in
      member.kind == .function && CodeReader.launchMethods.contains(member.name)
        && CodeReader.statementsDeep(member.body ?? [], language: delegate.language).contains { statement in
          let texts = statement.map(\.text)
          return texts.suffix(4) == ["delegate", "=", "self", ";"]
            || texts.suffix(3) == ["delegate", "=", "self"]
            || texts.contains("setDelegate") && texts.contains("self")
        }
    }
    guard setsItself, let answers = code.delegateAnswers(delegate.name, kind: kind) else { return nil }
    scenario.app.asDelegate = answers
    scenario.window.delegate = delegate.name
    report.facts.append(
      .init(
        file: delegate.file, line: delegate.line,
        text: tr(
          "%s makes itself the root %s's delegate at launch: its %sSupportedInterfaceOrientations: answers for it (app.asDelegate)",
          delegate.name, scenario.window.className, kind.delegatePrefix)))
    return delegate.name
  }
}

extension Assembly {
  /// Whether the app adopts the UIScene life cycle: a scene manifest (the Info.plist's, or Xcode's
  /// generated one), or an app delegate that configures scenes in code (TN3187).
  mutating func noteSceneLifecycle(_ scenario: inout Scenario, code: CodeReader) {
    if let delegate = code.appDelegate,
      delegate.members.contains(where: { member, _ in
        member.kind == .function
          && (member.isSwift("application(_:configurationForConnecting:options:)")
            || member.name == "application:configurationForConnectingSceneSession:options:")
      })
    {
      scenario.app.sceneLifecycle = true
    }
    guard !scenario.app.sceneLifecycle else { return }
    report.facts.append(
      .init(
        file: code.appDelegate?.file ?? ".", line: code.appDelegate?.line,
        text: tr(
          "no UIApplicationSceneManifest and no scene configuration in the app delegate: the app does not adopt the UIScene life cycle (sceneLifecycle NO); from iOS 18.4 UIKit says so at launch (TN3187)"
        )))
  }
}
