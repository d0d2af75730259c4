// Times the library's `Locked` (Sources/Bindings/Internal/Lock.swift, compiled into this
// executable), for `Benchmarks/locks`, which builds it twice: with the Linux parking lock, and
// with `-D BINDINGS_MUTEX_LOCK`, on `Synchronization.Mutex`.
//
//   Locks <uncontended|contended> <iterations>
//
// uncontended: one thread takes and releases the lock `iterations` times, incrementing a counter.
// contended: two threads do so at once, `iterations` times each.
// Prints nanoseconds per acquisition (wall clock), and checks the final count.
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class Counter: Sendable {
  let count = Locked(0)

  @inline(never)
  func increment() {
    count.withLock { $0 += 1 }
  }

  var value: Int { count.withLock { $0 } }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let iterations = Int(arguments[2]) else {
  print("usage: Locks <uncontended|contended> <iterations>")
  exit(2)
}

let counter = Counter()
let threads = arguments[1] == "contended" ? 2 : 1
let start = DispatchTime.now().uptimeNanoseconds
DispatchQueue.concurrentPerform(iterations: threads) { _ in
  for _ in 0..<iterations { counter.increment() }
}
let elapsed = DispatchTime.now().uptimeNanoseconds - start
guard counter.value == threads * iterations else {
  print("wrong count: \(counter.value), expected \(threads * iterations)")
  exit(1)
}
let operations = max(threads * iterations, 1)
print(Double(elapsed) / Double(operations))
