/// What a scenario says should happen at one step (`"expect": [{"step": 3, …}]`): the user's wish,
/// or what a public report observed. `rotation-lab check` holds the run to it.
public struct Expectation: Sendable, Equatable {
  /// 1-based, as in the trace.
  public var step: Int
  /// Acceptable interface orientations (one or more).
  public var interface: [InterfaceOrientation]?
  public var device: DeviceOrientation?
  /// The class of the controller that decides at that step.
  public var decidedBy: String?
  /// nil: not stated; `.some(nil)`: no exception; `.some(name)`: that exception.
  public var exception: String??
  /// Calls that must appear, and calls that must not, as `-[Class selector]`.
  public var called: [String]
  public var notCalled: [String]
  /// nil: not stated; `.some(nil)`: no error; `.some(code)`: an error with that code.
  public var error: Int??
  /// iPadOS 26: the scene's window (docs/rules.md#windowed-request-reshapes).
  public var sceneWindow: SceneWindow?

  public init(
    step: Int, interface: [InterfaceOrientation]? = nil, device: DeviceOrientation? = nil,
    decidedBy: String? = nil, exception: String?? = nil, called: [String] = [], notCalled: [String] = [],
    error: Int?? = nil
  ) {
    self.step = step
    self.interface = interface
    self.device = device
    self.decidedBy = decidedBy
    self.exception = exception
    self.called = called
    self.notCalled = notCalled
    self.error = error
  }
}
