// libFuzzer entry point for the scenario parser: every input must be accepted or refused with a
// ScenarioError, never crash, hang or overflow the stack. Built by Tests/Fuzz/run with
// `swiftc -sanitize=fuzzer,address` together with the core's JSON and scenario sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch Result(catching: { () throws(ScenarioError) -> Scenario in try ScenarioDecoder.decode(bytes: bytes) }
  ) {
  case .success(let scenario):
    // A scenario that loads must run and survive a save and load.
    _ = Simulator.run(scenario)
    _ = try? ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario))
  case .failure(let error):
    _ = error.description
  }
  return 0
}
