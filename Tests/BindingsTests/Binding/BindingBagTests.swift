import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("BindingBag", .releasesEveryObject)
struct BindingBagTests {
  @Test("an empty bag has no live bindings")
  func empty() {
    let bag = BindingBag()
    #expect(bag.count == 0)
    #expect(bag.liveBindings == [])
    #expect(bag.description == "BindingBag(0 live)")
  }

  @Test("the bag's deallocation cancels every binding in it")
  func deallocationCancels() {
    let subject = PassthroughSubject<Int, Never>()
    var cancelled = 0
    do {
      let bag = BindingBag()
      bag.insert(subject.sink { _ in })
      bag.insert(AnyCancellable { cancelled += 1 })
      #expect(subject.core.subscriberCount == 1)
    }
    #expect(subject.core.subscriberCount == 0)
    #expect(cancelled == 1)
  }

  @Test("emptying a bag that never held a binding does nothing, and the bag takes bindings afterwards")
  func removeAllOnANeverUsedBag() {
    let bag = BindingBag()
    #expect(!bag.hasHeldBindings)
    bag.removeAll()
    #expect(!bag.hasHeldBindings)
    var cancelled = 0
    bag.insert(AnyCancellable { cancelled += 1 })
    #expect(bag.hasHeldBindings && bag.count == 1)
    bag.removeAll()
    #expect(cancelled == 1 && bag.count == 0)
    // Held once, the bag is emptied for real every time after.
    bag.insert(AnyCancellable { cancelled += 1 })
    bag.removeAll()
    #expect(cancelled == 2 && bag.count == 0 && bag.hasHeldBindings)
  }

  @Test("a binding offered while another thread empties a fresh bag is either ended or kept, never lost")
  func removeAllRacingTheFirstInsert() async {
    for _ in 0..<200 {
      let bag = BindingBag()
      let cancels = Counter()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { bag.insert(AnyCancellable { cancels.increment() }) }
        group.addTask { bag.removeAll() }
      }
      // Either the removal came first (the binding is live) or after (it was cancelled).
      #expect((cancels.value == 1) == (bag.count == 0))
      #expect(cancels.value <= 1)
    }
  }

  @Test("insert records the target and where it was called")
  func insertRecordsLocation() {
    let bag = BindingBag()
    let line: UInt = #line + 1
    bag.insert(AnyCancellable {}, target: "refresh timer")
    #expect(bag.liveBindings == [BindingRecord(target: "refresh timer", fileID: #fileID, line: line)])
    #expect(bag.description == "BindingBag(1 live)\n  refresh timer ← bound at \(#fileID):\(line)")
  }

  @Test("a key path given as an identity is the identity of the key path's own target, and other identities are not")
  func keyPathIdentityGivenAsAnyHashable() {
    let label = BindingTestLabel()
    let first = PassthroughSubject<String?, Never>()
    let second = PassthroughSubject<String?, Never>()
    let third = PassthroughSubject<String?, Never>()
    label.reactive.text <~ first
    BindingTarget(label, identity: \BindingTestLabel.text) { label, text in label.text = text } <~ second
    #expect(label.bindings.count == 1, "the target made with the key path replaced the key path's own")
    first.send("first")
    #expect(label.text == nil, "the replaced binding still writes")
    second.send("second")
    #expect(label.text == "second")

    // Equal values of other types, and another key path, are other targets.
    BindingTarget(label, identity: "text") { label, text in label.text = text } <~ third
    BindingTarget(label, identity: \BindingTestLabel.recordedText) { label, text in label.text = text } <~ third
    #expect(label.bindings.count == 3)
    label.reactive.text <~ third
    #expect(label.bindings.count == 3, "the key path's target replaced the one made with its key path")
    second.send("late")
    #expect(label.text == "second")

    // A value given as it is and the same value given as `AnyHashable` are one identity.
    let erased: AnyHashable = "text"
    BindingTarget(label, identity: erased) { label, text in label.text = text } <~ second
    #expect(label.bindings.count == 3, "\"text\" given as AnyHashable is the identity \"text\"")
    let erasedKeyPath: AnyHashable = \BindingTestLabel.text
    BindingTarget(label, identity: erasedKeyPath) { label, text in label.text = text } <~ first
    #expect(label.bindings.count == 3, "a key path given as AnyHashable is the key path's identity")
    BindingTarget(label, identity: 1) { label, text in label.text = text } <~ first
    BindingTarget(label, identity: AnyHashable(1)) { label, text in label.text = text } <~ first
    #expect(label.bindings.count == 4)
    BindingTarget(label, identity: \BindingTestLabel.text, scheduler: ImmediateScheduler.shared) { label, text in
      label.text = text
    } <~ first
    #expect(label.bindings.count == 4, "a target with a scheduler and the key path is the key path's target")
    first.send("through the scheduler")
    #expect(label.text == "through the scheduler")
  }

  @Test("an insert with the identity of a live binding cancels and replaces it")
  func identityReplaces() {
    let bag = BindingBag()
    var log: [String] = []
    bag.insert(AnyCancellable { log.append("first cancelled") }, identity: "title")
    bag.insert(AnyCancellable { log.append("second cancelled") }, identity: "title")
    #expect(log == ["first cancelled"])
    #expect(bag.count == 1)
    bag.removeAll()
    #expect(log == ["first cancelled", "second cancelled"])
  }

  @Test("identities are replaced the same way in a small bag and in one past the scan limit, holes included")
  func identityReplacesInSmallAndLargeBags() {
    for size in [3, 16, 17, 40] {
      let bag = BindingBag()
      var cancelled: [Int] = []
      for index in 0..<size {
        bag.insert(AnyCancellable { cancelled.append(index) }, identity: index)
        // A binding without an identity between them, and a hole where one is removed.
        bag.insert(AnyCancellable {}, target: "plain")
      }
      bag.insert(AnyCancellable { cancelled.append(100) }, identity: 0)
      bag.insert(AnyCancellable { cancelled.append(101) }, identity: size - 1)
      bag.insert(AnyCancellable { cancelled.append(102) }, identity: size - 1)
      // An identity of another type that prints the same: a binding of its own.
      bag.insert(AnyCancellable {}, identity: "\(size)")
      #expect(cancelled == [0, size - 1, 101], "size \(size)")
      #expect(bag.count == 2 * size + 1, "size \(size)")
      bag.removeAll()
      #expect(cancelled.sorted() == ([0, size - 1, 101] + (1..<size - 1) + [100, 102]).sorted(), "size \(size)")
    }
  }

  @Test(
    "identities that share a hash value stay distinct, in a small bag and past the scan limit, as they come and go",
    arguments: [3, 17, 40])
  func identitiesSharingAHash(size: Int) {
    /// Every value hashes alike; only equal values are one identity.
    struct Colliding: Hashable {
      let value: Int
      func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }
    let bag = BindingBag()
    var cancelled: [Int] = []
    for index in 0..<size {
      bag.insert(AnyCancellable { cancelled.append(index) }, identity: Colliding(value: index))
    }
    #expect(bag.count == size && cancelled.isEmpty)
    // Each replacement cancels only the binding with the equal identity, wherever it sits.
    for index in [0, size / 2, size - 1] {
      bag.insert(AnyCancellable { cancelled.append(1_000 + index) }, identity: Colliding(value: index))
    }
    #expect(cancelled == [0, size / 2, size - 1])
    // Removing the binding the hash's entry named leaves the others findable.
    bag.insert(AnyCancellable { cancelled.append(2_000) }, identity: Colliding(value: size - 1))
    #expect(cancelled == [0, size / 2, size - 1, 1_000 + size - 1])
    bag.insert(AnyCancellable { cancelled.append(3_000) }, identity: Colliding(value: 1))
    #expect(cancelled.last == (size / 2 == 1 ? 1_001 : 1))
    #expect(bag.count == size)
    bag.removeAll()
    #expect(cancelled.count == 4 + 1 + size)
  }

  @Test("removeAll cancels everything and the bag takes new bindings afterwards")
  func removeAllThenReuse() {
    let bag = BindingBag()
    var cancelled = 0
    for _ in 0..<3 { bag.insert(AnyCancellable { cancelled += 1 }) }
    bag.removeAll()
    #expect(cancelled == 3)
    #expect(bag.count == 0)
    bag.insert(AnyCancellable { cancelled += 1 })
    #expect(bag.count == 1)
  }

  @Test("close ends every binding and refuses later ones: cancelled at once, nothing delivered")
  func closeRefusesLaterBindings() {
    final class Label: BindingOwner {
      let bindings = BindingBag()
      var text = ""
    }
    let label = Label()
    let name = PassthroughSubject<String, Never>()
    var cancelled = 0
    let counted = name.handleEvents(receiveCancel: { cancelled += 1 })
    label.reactive.text <~ counted
    name.send("Ada")
    #expect(label.bindings.isClosed == false)

    label.bindings.close(reason: "the label was destroyed")
    #expect(cancelled == 1)
    #expect(label.bindings.isClosed)
    #expect(label.bindings.count == 0)

    label.reactive.text <~ counted
    #expect(cancelled == 2, "the late binding's source was cancelled on subscribe")
    name.send("Grace")
    #expect(label.text == "Ada")
    var inserted = 0
    label.bindings.insert(AnyCancellable { inserted += 1 })
    #expect(inserted == 1, "a token inserted into a closed bag is cancelled at once")
    #expect(label.bindings.count == 0)
    label.bindings.close(reason: "again")
    label.bindings.removeAll()
    #expect(label.bindings.isClosed)
  }

  @Test("bindings whose sources complete leave the bag, so a long-lived owner does not accumulate them")
  func completedBindingsLeave() {
    let label = BindingTestLabel()
    for index in 0..<100 {
      let source = CurrentValueSubject<Int, Never>(index)
      label.reactive.count <~ source
      source.send(completion: .finished)
    }
    for _ in 0..<100 {
      let source = PassthroughSubject<String, Never>()
      source ~> (label, { label, text in label.text = text })
      source.send(completion: .finished)
    }
    #expect(label.count == 99)
    #expect(label.bindings.count == 0)
  }

  @Test("a source that completes while being subscribed leaves no entry behind")
  func synchronousCompletion() {
    let label = BindingTestLabel()
    let finished = CurrentValueSubject<Int, Never>(5)
    finished.send(completion: .finished)
    label.reactive.count <~ finished
    #expect(label.bindings.count == 0)
  }

  @Test("bindings list themselves oldest first, with their targets")
  func introspection() {
    let label = BindingTestLabel()
    let viewModel = BindingTestViewModel()
    label.reactive.text <~ viewModel.$name
    let line: UInt = #line + 1
    PassthroughSubject<Int, Never>().bind(to: label.reactive.count)
    #expect(
      label.bindings.liveBindings == [
        BindingRecord(target: "\\BindingTestLabel.text"),
        BindingRecord(target: "\\BindingTestLabel.count", fileID: #fileID, line: line),
      ])
    #expect(
      "\(label.bindings.liveBindings[0])"
        == "\\BindingTestLabel.text ← bound with an operator (use bind(to:) to record where)")
  }

  @Test("bindings made in a loop at one place, and at other places, each record their own place")
  func placesOfBindingsMadeInALoop() {
    let owners = (0..<3).map { _ in BindingTestLabel() }
    let source = PassthroughSubject<Int, Never>()
    let loopLine: UInt = #line + 1
    for owner in owners { source.bind(to: owner) { owner, count in owner.count = count } }
    let otherLine: UInt = #line + 1
    source.bind(to: owners[1]) { owner, count in owner.count = count }
    let bag = BindingBag()
    bag.insert(AnyCancellable {}, target: "elsewhere", fileID: "Other/File.swift", line: loopLine)
    #expect(owners.map { $0.bindings.liveBindings.first?.line } == [loopLine, loopLine, loopLine])
    #expect(owners[1].bindings.liveBindings.map(\.line) == [loopLine, otherLine])
    #expect(owners.allSatisfy { $0.bindings.liveBindings.allSatisfy { $0.fileID == #fileID } })
    #expect(bag.liveBindings == [BindingRecord(target: "elsewhere", fileID: "Other/File.swift", line: loopLine)])
    source.send(4)
    #expect(owners.map(\.count) == [4, 4, 4])
  }

  @Test("inserting, removing and cancelling from many threads at once is safe")
  func concurrentUse() {
    let label = BindingTestLabel()
    let sources = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let handoff = SendableBox((label, sources))
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let (label, sources) = handoff.value
      for round in 0..<200 {
        let token = sources[index] ~> (label, { _, _ in })
        sources[index].send(round)
        if round % 3 == 0 { token.cancel() }
        if round % 50 == 0 { _ = label.bindings.liveBindings }
        if index == 0 && round % 70 == 0 { label.bindings.removeAll() }
      }
    }
    label.bindings.removeAll()
    #expect(label.bindings.count == 0)
    #expect(sources.allSatisfy { $0.core.subscriberCount == 0 })
  }

  @Test("one key-path target bound from many threads at once ends with exactly one binding")
  func concurrentReplacement() {
    let label = BindingTestLabel()
    let sources = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let handoff = SendableBox((label, sources))
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let (label, sources) = handoff.value
      for _ in 0..<100 { label.reactive.count <~ sources[index] }
    }
    #expect(label.bindings.count == 1)
    #expect(sources.map { $0.core.subscriberCount }.reduce(0, +) == 1)
  }
}
