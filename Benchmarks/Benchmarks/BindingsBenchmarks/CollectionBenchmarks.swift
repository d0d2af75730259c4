// C1–C6: collection edits with one subscriber (CollectionFixtures.swift), ours and the floor, at 1k
// and 100k elements. Names are "C<n>.<size> ours|floor"; Benchmarks/run prints the time per edit, ours
// against the floor, and the 100k time against the 1k time (O(1) per edit shows as about 1×).
import Benchmark
import Foundation

private let smoke = ProcessInfo.processInfo.environment["BINDINGS_BENCH_SMOKE"] != nil
/// Steps per measured iteration; Benchmarks/run divides by the steps and by the edits per step.
private let steps = smoke ? 10 : 1_000

private func configuration() -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: smoke ? 0 : 3,
    maxDuration: smoke ? .milliseconds(50) : .seconds(1),
    maxIterations: smoke ? 3 : 10_000
  )
}

/// Builds the fixture once, inside the benchmark that runs it.
private final class LazyFixture: @unchecked Sendable {
  private var fixture: (any CollectionEditFixture)?
  private let make: () -> any CollectionEditFixture
  init(_ make: @escaping () -> any CollectionEditFixture) { self.make = make }
  var get: any CollectionEditFixture {
    if let fixture { return fixture }
    let made = make()
    fixture = made
    return made
  }
}

func registerCollectionEditBenchmarks() {
  let sizes = smoke ? [(100, "1k"), (1_000, "100k")] : [(1_000, "1k"), (100_000, "100k")]
  for scenario in collectionScenarios {
    for (size, label) in scenario.sizes ?? sizes {
      for (name, type) in [("ours", scenario.ours), ("floor", scenario.floor)] {
        let fixture = LazyFixture { type.init(size: size) }
        Benchmark("\(scenario.id).\(label) \(name)", configuration: configuration()) { benchmark in
          let fixture = fixture.get
          let before = fixture.seen
          var index = 0
          benchmark.startMeasurement()
          for _ in 0..<steps {
            fixture.step(index)
            index &+= 1
          }
          benchmark.stopMeasurement()
          if fixture.seen == before {
            fatalError("benchmark self-check failed: \(scenario.id) \(name): the subscriber saw no change")
          }
        }
      }
    }
  }
}
