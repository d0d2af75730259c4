// S9: observable arrays. Three figures, each with a same-run reference:
//
// - S9.diff: `replace(with:performDiff:)` on 10,000 elements with 1 % of them changed, against the standard
//   library's `difference(from:)` alone ("floor"); per replace.
// - S9.append.10k / S9.append.100k: one append (and one removeLast, to keep the size) with one subscriber,
//   against a plain array and a closure ("floor"); per 1,000 pairs. O(1) shows as the same time at both sizes.
// - S9.filter.1k / S9.filter.10k: one update through `filter`, against recomputing the filter over the whole
//   array ("floor", the O(n) way); per event. O(changes) shows as the same time at both sizes.
import Benchmark
import Bindings
import Foundation

private let smoke = ProcessInfo.processInfo.environment["BINDINGS_BENCH_SMOKE"] != nil
private let batch = smoke ? 10 : 1_000

private func configuration(maxIterations: Int = 10_000) -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: smoke ? 0 : 3,
    maxDuration: smoke ? .milliseconds(50) : .seconds(1),
    maxIterations: smoke ? 3 : maxIterations
  )
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("benchmark self-check failed: \(message())") }
}

/// Holds a value across the closures the harness keeps (it runs them on one thread).
private final class Box<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// 10,000 elements and the same with 1 % changed: 50 removed and 50 new ones inserted, spread out.
private func diffPair(count: Int) -> (old: [Int], new: [Int]) {
  let old = Array(0..<count)
  var new = old
  let changes = max(1, count / 200)
  for step in 0..<changes {
    new.remove(at: (step * 7_919) % new.count)
    new.insert(count + step, at: (step * 104_729) % new.count)
  }
  return (old, new)
}

func registerObservableArrayBenchmarks() {
  let diffSize = smoke ? 1_000 : 10_000

  Benchmark("S9.diff ours", configuration: configuration()) { benchmark in
    let (old, new) = diffPair(count: diffSize)
    let array = MutableObservableArray(old)
    let seen = Box(0)
    let token = array.sink { seen.value &+= $0.change.inserts.count + $0.change.moves.count }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      array.replace(with: new, performDiff: true)
      array.replace(with: old, performDiff: true)
    }
    benchmark.stopMeasurement()
    check(array.contents == old && seen.value > 0, "S9.diff ours: the replaces should arrive")
    token.cancel()
  }

  Benchmark("S9.diff floor", configuration: configuration()) { benchmark in
    let (old, new) = diffPair(count: diffSize)
    var changes = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      changes &+= new.difference(from: old).count
      changes &+= old.difference(from: new).count
    }
    benchmark.stopMeasurement()
    check(changes > 0, "S9.diff floor: there should be differences")
  }

  let appendSizes = smoke ? [(100, "10k"), (1_000, "100k")] : [(10_000, "10k"), (100_000, "100k")]
  for (size, label) in appendSizes {
    Benchmark("S9.append.\(label) ours", configuration: configuration()) { benchmark in
      let array = MutableObservableArray(Array(0..<size))
      let seen = Box(0)
      let token = array.sink { seen.value &+= $0.change.inserts.count }
      benchmark.startMeasurement()
      for _ in 0..<batch {
        array.append(1)
        array.removeLast()
      }
      benchmark.stopMeasurement()
      check(seen.value == batch && array.count == size, "S9.append ours: every append should arrive")
      token.cancel()
    }

    Benchmark("S9.append.\(label) floor", configuration: configuration()) { benchmark in
      var array = Array(0..<size)
      let seen = Box(0)
      let subscriber: ([Int], Int) -> Void = { contents, inserted in seen.value &+= inserted + contents.count * 0 }
      benchmark.startMeasurement()
      for _ in 0..<batch {
        array.append(1)
        subscriber(array, 1)
        array.removeLast()
        subscriber(array, 0)
      }
      benchmark.stopMeasurement()
      check(seen.value == batch, "S9.append floor: every append should arrive")
    }
  }

  let filterSizes = smoke ? [(100, "1k"), (1_000, "10k")] : [(1_000, "1k"), (10_000, "10k")]
  for (size, label) in filterSizes {
    Benchmark("S9.filter.\(label) ours", configuration: configuration()) { benchmark in
      let source = MutableObservableArray(Array(0..<size))
      let even = source.filter { $0 % 2 == 0 }
      let seen = Box(0)
      let token = even.sink { seen.value &+= $0.change.inserts.count + $0.change.deletes.count }
      let before = seen.value
      benchmark.startMeasurement()
      for step in 0..<batch {
        let offset = (step &* 7_919) % size
        source[offset] = source[offset] &+ 1
      }
      benchmark.stopMeasurement()
      check(seen.value - before == batch, "S9.filter ours: each update should insert or delete one element")
      token.cancel()
    }

    Benchmark("S9.filter.\(label) floor", configuration: configuration()) { benchmark in
      var source = Array(0..<size)
      var shown = source.filter { $0 % 2 == 0 }
      benchmark.startMeasurement()
      for step in 0..<batch {
        let offset = (step &* 7_919) % size
        source[offset] = source[offset] &+ 1
        shown = source.filter { $0 % 2 == 0 }
      }
      benchmark.stopMeasurement()
      blackHole(shown)
    }
  }
}
