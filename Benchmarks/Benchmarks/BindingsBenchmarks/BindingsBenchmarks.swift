// Registers every scenario three times — ours, OpenCombine ("opencombine") and the plain-closure
// floor ("floor") — in one executable, so the three always run side by side in one invocation.
//
// Names are "S<n>[.<size>] <implementation>"; Benchmarks/run parses them to print the ratios.
// BINDINGS_BENCH_SMOKE=1 shrinks sizes and iterations so that every scenario runs in moments.
import Benchmark
import Foundation

private let smoke = ProcessInfo.processInfo.environment["BINDINGS_BENCH_SMOKE"] != nil

/// Events (or sets, pairs, rounds) per measured iteration of the per-event scenarios. The harness
/// reports per iteration; Benchmarks/run divides by this, keeping full precision for cheap events.
private let batch = smoke ? 10 : 1_000

/// Creates a fixture on first use, inside the benchmark process that runs it, so that listing the
/// benchmarks or running one of them does not build the fixtures of all the others.
private final class Lazy<Value> {
  private var value: Value?
  private let make: () -> Value
  init(_ make: @escaping () -> Value) { self.make = make }
  var get: Value {
    if let value { return value }
    let made = make()
    value = made
    return made
  }
}

private func configuration(
  metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal],
  maxIterations: Int = 10_000
) -> Benchmark.Configuration {
  .init(
    metrics: metrics,
    timeUnits: .nanoseconds,
    units: [.mallocCountTotal: .count, .mallocFreeDelta: .count, .memoryLeakedBytes: .count],
    warmupIterations: smoke ? 0 : 3,
    maxDuration: smoke ? .milliseconds(50) : .seconds(1),
    maxIterations: smoke ? 3 : maxIterations
  )
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("benchmark self-check failed: \(message())") }
}

// MARK: - Scenarios

/// S1: per event through map(+1) → filter(even) → sink.
private func s1<F: PipelineFixture>(_: F.Type, _ name: String) {
  let fixture = Lazy { () -> F in
    let fixture = F()
    fixture.send(1)
    check(fixture.field.value == 2, "S1 \(name): 1 should arrive as 2")
    fixture.send(2)
    check(fixture.field.value == 2, "S1 \(name): 3 is odd and should be filtered out")
    return fixture
  }
  Benchmark("S1 \(name)", configuration: configuration()) { benchmark in
    let fixture = fixture.get
    var value = 0
    for _ in 0..<batch {
      fixture.send(value)
      value &+= 1
    }
    blackHole(fixture.field.value)
  }
}

/// S2: per set of a current-value holder bound to an object's property.
private func s2<F: PropertyBindingFixture>(_: F.Type, _ name: String) {
  let fixture = Lazy { () -> F in
    let fixture = F()
    fixture.set(42)
    check(fixture.boundValue == 42, "S2 \(name): the bound property should follow the holder")
    return fixture
  }
  Benchmark("S2 \(name)", configuration: configuration()) { benchmark in
    let fixture = fixture.get
    var value = 0
    for _ in 0..<batch {
      value &+= 1
      fixture.set(value)
    }
    blackHole(fixture.boundValue)
  }
}

/// S3: per subscribe + cancel pair, with heap allocations counted.
private func s3<F: SubscribeCancelFixture>(_: F.Type, _ name: String) {
  let fixture = Lazy { () -> F in
    let fixture = F()
    for _ in 0..<10 { fixture.subscribeAndCancel() }
    check(fixture.deliveriesToOneSend() == 0, "S3 \(name): a cancelled sink must not receive")
    return fixture
  }
  Benchmark("S3 \(name)", configuration: configuration()) { benchmark in
    let fixture = fixture.get
    for _ in 0..<batch { fixture.subscribeAndCancel() }
  }
}

/// S4: bytes per live subscription, with `count` subscribers alive at once.
private func s4<F: LiveSubscriptionsFixture>(_: F.Type, _ name: String, count: Int) {
  Benchmark(
    "S4 \(name)",
    configuration: configuration(
      metrics: [.wallClock, .memoryLeakedBytes, .mallocFreeDelta],
      maxIterations: 20
    )
  ) { benchmark in
    let fixture = F(capacity: count)
    benchmark.startMeasurement()
    fixture.subscribe(count: count)
    benchmark.stopMeasurement()
    check(fixture.deliveriesToOneSend() == count, "S4 \(name): every subscriber should be live")
    fixture.removeAll()
  }
}

/// S5: one send fanned out to `count` subscribers; the script divides by `count`.
private func s5<F: FanOutFixture>(_: F.Type, _ name: String, count: Int) {
  let fixture = Lazy { () -> F in
    let fixture = F(subscribers: count)
    fixture.send(1)
    check(fixture.field.value == count, "S5 \(name): every subscriber should get the value")
    return fixture
  }
  Benchmark("S5 \(name)", configuration: configuration()) { benchmark in
    let fixture = fixture.get
    fixture.send(1)
    blackHole(fixture.field.value)
  }
}

/// S6: cancel `count` subscriptions in a fixed pseudo-random order; total time.
private func s6<F: CancelManyFixture>(_: F.Type, _ name: String, count: Int, label: String) {
  let order = Lazy { fixedPermutation(count) }
  Benchmark(
    "S6.\(label) \(name)",
    configuration: configuration(maxIterations: max(10, 10_000_000 / (count * 10)))
  ) { benchmark in
    let order = order.get
    let fixture = F(subscriptions: count)
    benchmark.startMeasurement()
    for index in order { fixture.cancel(at: index) }
    benchmark.stopMeasurement()
    check(fixture.deliveriesToOneSend() == 0, "S6 \(name): nothing should be delivered after cancel")
  }
}

/// S7: an owner holding `count` bindings is deallocated; total teardown time. Before timing, a
/// separate instrumented run proves that the upstream saw every cancel and delivers nothing after.
/// S7b (`scenario: "S7b"`): the same, each binding to a source of its own.
private func s7<F: OwnerTeardownFixture>(
  _: F.Type, _ name: String, count: Int, label: String, scenario: String = "S7"
) {
  let proof = Lazy { () -> (cancels: Int, deliveriesAfterTeardown: Int) in
    let proof = F.proof(bindings: count)
    check(proof.cancels == count, "\(scenario) \(name): upstream saw \(proof.cancels) cancels of \(count)")
    check(proof.deliveriesAfterTeardown == 0, "\(scenario) \(name): delivered after teardown")
    return proof
  }
  Benchmark(
    "\(scenario).\(label) \(name)",
    configuration: configuration(
      metrics: [
        .wallClock,
        .custom("upstream cancels seen", polarity: .prefersLarger, useScalingFactor: false),
        .custom("deliveries after teardown", useScalingFactor: false),
      ],
      maxIterations: max(10, 10_000_000 / (count * 10))
    )
  ) { benchmark in
    let proof = proof.get
    let fixture = F(bindings: count)
    benchmark.startMeasurement()
    fixture.dropOwner()
    benchmark.stopMeasurement()
    benchmark.measurement(
      .custom("upstream cancels seen", polarity: .prefersLarger, useScalingFactor: false), proof.cancels)
    benchmark.measurement(.custom("deliveries after teardown", useScalingFactor: false), proof.deliveriesAfterTeardown)
  }
}

/// S8: per event of combineLatest over two sources, sends alternating.
private func s8<F: CombineLatestFixture>(_: F.Type, _ name: String) {
  let fixture = Lazy { () -> F in
    let fixture = F()
    fixture.sendLeft(1)
    fixture.sendRight(2)
    check(fixture.field.value == 3, "S8 \(name): the latest pair should be combined")
    return fixture
  }
  Benchmark("S8 \(name)", configuration: configuration()) { benchmark in
    let fixture = fixture.get
    var value = 0
    for _ in 0..<(batch / 2) {
      value &+= 1
      fixture.sendLeft(value)
      fixture.sendRight(value)
    }
    blackHole(fixture.field.value)
  }
}

/// S10: per round of a two-way binding: one change each way.
private func s10<F: TwoWayFixture>(_: F.Type, _ name: String) {
  let fixture = Lazy { () -> F in
    let fixture = F()
    fixture.setLeft(5)
    check(fixture.right == 5, "S10 \(name): left → right")
    fixture.setRight(7)
    check(fixture.left == 7, "S10 \(name): right → left")
    return fixture
  }
  Benchmark("S10 \(name)", configuration: configuration()) { benchmark in
    let fixture = fixture.get
    var value = 10
    for _ in 0..<batch {
      value &+= 2
      fixture.setLeft(value)
      fixture.setRight(value + 1)
    }
    blackHole(fixture.left)
  }
}

// MARK: - Registration

let benchmarks: @Sendable () -> Void = {
  let liveCount = smoke ? 1_000 : 100_000
  let fanOut = smoke ? 100 : 10_000
  let sizes = smoke ? [(100, "100"), (1_000, "1k")] : [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")]

  s1(OursPipeline.self, "ours")
  s1(PeerPipeline.self, "opencombine")
  s1(FloorPipeline.self, "floor")

  s2(OursPropertyBinding.self, "ours")
  s2(PeerPropertyBinding.self, "opencombine")
  s2(FloorPropertyBinding.self, "floor")

  s3(OursSubscribeCancel.self, "ours")
  s3(PeerSubscribeCancel.self, "opencombine")
  s3(FloorSubscribeCancel.self, "floor")

  s4(OursLiveSubscriptions.self, "ours", count: liveCount)
  s4(PeerLiveSubscriptions.self, "opencombine", count: liveCount)
  s4(FloorLiveSubscriptions.self, "floor", count: liveCount)

  s5(OursFanOut.self, "ours", count: fanOut)
  s5(PeerFanOut.self, "opencombine", count: fanOut)
  s5(FloorFanOut.self, "floor", count: fanOut)

  for (count, label) in sizes {
    s6(OursCancelMany.self, "ours", count: count, label: label)
    s6(PeerCancelMany.self, "opencombine", count: count, label: label)
    s6(FloorCancelMany.self, "floor", count: count, label: label)
  }

  for (count, label) in sizes {
    s7(OursOwnerTeardown.self, "ours", count: count, label: label)
    s7(PeerOwnerTeardown.self, "opencombine", count: count, label: label)
    s7(FloorOwnerTeardown.self, "floor", count: count, label: label)
  }

  for (count, label) in sizes {
    s7(OursOwnerTeardownManySources.self, "ours", count: count, label: label, scenario: "S7b")
    s7(PeerOwnerTeardownManySources.self, "opencombine", count: count, label: label, scenario: "S7b")
    s7(FloorOwnerTeardownManySources.self, "floor", count: count, label: label, scenario: "S7b")
  }

  // OpenCombine 0.14.0 has no combineLatest: S8 runs ours and the floor only.
  s8(OursCombineLatest.self, "ours")
  s8(FloorCombineLatest.self, "floor")

  registerObservableArrayBenchmarks()

  registerCollectionEditBenchmarks()

  s10(OursTwoWay.self, "ours")
  s10(PeerTwoWay.self, "opencombine")
  s10(FloorTwoWay.self, "floor")
}
