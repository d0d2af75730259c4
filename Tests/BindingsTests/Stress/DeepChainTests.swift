import Bindings
import Foundation
import Testing

/// A root publisher that notes how deep the stack is when a subscriber reaches it.
private final class StackDepthProbe: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never

  private let lock = NSLock()
  private var deepest: UInt = 0

  var stackAddressAtSubscribe: UInt { lock.withLock { deepest } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    var marker = 0
    let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    lock.withLock { deepest = address }
    Just(0).receive(subscriber: subscriber)
  }
}

/// Builds `depth` stages of `map` followed by type erasure on top of `root`.
private func erasedChain(depth: Int, on root: StackDepthProbe) -> AnyPublisher<Int, Never> {
  var chain = root.eraseToAnyPublisher()
  for _ in 0..<depth {
    chain = chain.map { $0 + 1 }.eraseToAnyPublisher()
  }
  return chain
}

/// Subscribes to a chain of `depth` erased stages and returns the bytes of stack the subscription
/// used — `nil` when locals do not live on the machine stack (AddressSanitizer moves them to a
/// heap-allocated fake stack), for then their addresses say nothing about depth.
private func stackUsedBySubscribing(depth: Int) -> (bytes: Int?, values: [Int]) {
  let root = StackDepthProbe()
  let chain = erasedChain(depth: depth, on: root)
  var marker = 0
  let top = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  var values: [Int] = []
  let token = chain.sink { values.append($0) }
  token.cancel()
  let used = Int(bitPattern: top) - Int(bitPattern: root.stackAddressAtSubscribe)
  return (used > 0 && used < 64 << 20 ? used : nil, values)
}

/// Runs `body` on a new thread with an 8 MiB stack, the size of a main thread, and returns its
/// result: the tests' own threads may have much smaller stacks, especially under a sanitizer.
private func onEightMebibyteThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

@Suite("Deep chains", .releasesEveryObject)
struct DeepChainTests {
  @Test("a thousand erased stages subscribe on an 8 MiB thread and deliver")
  func thousandErasedStagesFitOnAThread() async {
    let values = await onEightMebibyteThread { stackUsedBySubscribing(depth: 1_000).values }
    #expect(values == [1_000])
  }

  @Test("subscribe-time stack grows linearly with the depth of an erased chain")
  func stackIsLinearInDepth() async {
    let (small, large) = await onEightMebibyteThread {
      (stackUsedBySubscribing(depth: 100).bytes, stackUsedBySubscribing(depth: 400).bytes)
    }
    guard let small, let large, small < large else {
      print("stack depth cannot be measured in this build (locals are not on the machine stack)")
      return
    }
    print("stack for 100 erased stages: \(small) bytes, for 400: \(large) bytes")
    // Four times the stages: linear growth uses about four times the stack, quadratic sixteen.
    #expect(large < small * 6)
  }
}
