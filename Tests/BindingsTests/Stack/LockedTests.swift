import Foundation
import Testing

@testable import Bindings

/// An owner in the shape the library uses: a class holding its state in a `Locked` `let`.
private final class LockedCounter: @unchecked Sendable {
  struct State {
    var count = 0
    var inside = 0
    var maximumInside = 0
  }

  let state = Locked(State())

  func increment() {
    state.withLock { state in
      state.inside += 1
      state.maximumInside = max(state.maximumInside, state.inside)
      state.count += 1
      state.inside -= 1
    }
  }
}

private final class DeinitProbe: @unchecked Sendable {
  let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

@Suite("Locked", .releasesEveryObject)
struct LockedTests {
  @Test("withLock gives the state to its body and returns the body's result")
  func returnsResult() {
    let locked = Locked([1, 2])
    let count = locked.withLock { values -> Int in
      values.append(3)
      return values.count
    }
    #expect(count == 3)
    #expect(locked.withLock { $0 } == [1, 2, 3])
  }

  @Test("withLock rethrows the body's error and releases the lock")
  func rethrowsAndUnlocks() {
    struct Failure: Error {}
    let locked = Locked(0)
    #expect(throws: Failure.self) {
      try locked.withLock { value in
        value = 1
        throw Failure()
      }
    }
    // The lock was released: taking it again does not deadlock.
    #expect(locked.withLock { $0 } == 1)
  }

  @Test("critical sections on several threads never overlap, and no increment is lost")
  func mutualExclusion() {
    let counter = LockedCounter()
    let threads = 4
    let iterations = 20_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<iterations { counter.increment() }
    }
    let state = counter.state.withLock { $0 }
    #expect(state.count == threads * iterations)
    #expect(state.maximumInside == 1)
  }

  @Test("a waiter blocked behind a long critical section gets the lock once it is released")
  func waiterParksAndWakes() {
    let locked = Locked(0)
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      locked.withLock { value in
        holding.signal()
        release.wait()
        value = 1
      }
    }
    holding.wait()
    Thread.detachNewThread {
      locked.withLock { value in value += 10 }
      done.signal()
    }
    // The waiter is now blocked (spinning, then parked); it must not get in before the holder is done.
    #expect(done.wait(timeout: .now() + .milliseconds(20)) == .timedOut)
    release.signal()
    done.wait()
    #expect(locked.withLock { $0 } == 11)
  }

  @Test("many threads parked behind one holder are all woken, and each gets the lock once")
  func manyParkedWaiters() {
    let counter = LockedCounter()
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    Thread.detachNewThread {
      counter.state.withLock { _ in
        holding.signal()
        release.wait()
      }
    }
    holding.wait()
    let waiters = 8
    for _ in 0..<waiters {
      group.enter()
      Thread.detachNewThread {
        counter.increment()
        group.leave()
      }
    }
    // Long enough for the waiters to spin out and park.
    Thread.sleep(forTimeInterval: 0.05)
    release.signal()
    #expect(group.wait(timeout: .now() + .seconds(10)) == .success)
    let state = counter.state.withLock { $0 }
    #expect(state.count == waiters)
    #expect(state.maximumInside == 1)
  }

  @Test("waiters on many locks that share parking buckets are never left asleep")
  func sharedBucketsLoseNoWakeUp() {
    // More locks than the parking lot has buckets, each contended by threads whose critical
    // sections sleep, so that waiters park and releases wake whole buckets, other locks' waiters
    // included. A lost wake-up would leave a thread parked and the group would time out.
    let counters = (0..<128).map { _ in LockedCounter() }
    let threads = 6
    let rounds = 3
    let group = DispatchGroup()
    for _ in 0..<threads {
      group.enter()
      Thread.detachNewThread {
        // Every thread walks the locks in the same order: they queue up behind one another on each.
        for _ in 0..<rounds {
          for (index, counter) in counters.enumerated() {
            counter.state.withLock { state in
              state.inside += 1
              state.maximumInside = max(state.maximumInside, state.inside)
              if index % 16 == 0 { usleep(300) }
              state.count += 1
              state.inside -= 1
            }
          }
        }
        group.leave()
      }
    }
    #expect(group.wait(timeout: .now() + .seconds(30)) == .success)
    let states = counters.map { $0.state.withLock { $0 } }
    #expect(states.reduce(0) { $0 + $1.count } == threads * rounds * counters.count)
    #expect(states.allSatisfy { $0.maximumInside <= 1 })
  }

  // The parking lock's build (Linux and Android, unless the `Mutex` build is forced).
  #if (os(Linux) || os(Android)) && !BINDINGS_MUTEX_LOCK
  @Test("a lock is one 4-byte word inline in its owner, not a 40-byte pthread mutex")
  func lockIsOneWord() {
    #expect(MemoryLayout<Lock>.size == 4)
  }
  #endif

  @Test("the state is destroyed with its owner")
  func stateIsReleasedWithOwner() {
    let released = LockedCounterFlag()
    do {
      let locked = Locked(DeinitProbe { released.set() })
      locked.withLock { _ in }
    }
    #expect(released.isSet)
  }
}

private final class LockedCounterFlag: @unchecked Sendable {
  private let state = Locked(false)
  var isSet: Bool { state.withLock { $0 } }
  func set() { state.withLock { $0 = true } }
}
