import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// An owner with many bindings: what its bag keeps, lists and ends, whatever order the bindings end
/// or were stored in.
@Suite("binding bag with many bindings", .releasesEveryObject)
struct BindingBagTeardownTests {
  final class Owner: BindingOwner {
    let bindings = BindingBag()
    var value = 0
    var writes = 0
  }

  @Test("an owner with thousands of bindings to one subject ends them all when it dies, and the subject forgets them")
  func ownerDies() {
    let subject = PassthroughSubject<Int, Never>()
    var owner: Owner? = Owner()
    weak let weakOwner = owner
    for _ in 0..<3_000 { subject.bind(to: owner!) { owner, value in owner.value = value } }
    #expect(owner?.bindings.count == 3_000)
    #expect(subject.core.subscriberCount == 3_000)
    owner = nil
    #expect(weakOwner == nil)
    #expect(subject.core.subscriberCount == 0)
  }

  @Test("bindings that end in any order leave the bag; the rest stay listed in the order made, and end with it")
  func endInAnyOrder() {
    let owner = Owner()
    let subjects = (0..<200).map { _ in PassthroughSubject<Int, Never>() }
    let tokens = subjects.enumerated().map { index, subject in
      owner.bindings.insert(
        subject.sink { _ in }, target: "binding \(index)")
      return subject.bind(to: owner) { owner, _ in owner.writes += 1 }
    }
    var random = SeededRandom(seed: 7)
    var ended = Set<Int>()
    for index in Array(0..<200).shuffled(using: &random).prefix(150) {
      tokens[index].cancel()
      ended.insert(index)
    }
    #expect(owner.bindings.count == 200 + 50)
    for subject in subjects { subject.send(1) }
    #expect(owner.writes == 50)
    let listed = owner.bindings.liveBindings.map(\.target).filter { $0.hasPrefix("binding ") }
    #expect(listed == (0..<200).map { "binding \($0)" })
    owner.bindings.removeAll()
    #expect(owner.bindings.count == 0)
    #expect(subjects.allSatisfy { $0.core.subscriberCount == 0 })
  }

  @Test("bindings stored from several threads at once are all kept, and all end with the owner")
  func concurrentStores() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakOwner: Owner?
    do {
      let owner = Owner()
      weakOwner = owner
      let shared = SendableBox(owner)
      runOnThreads(4, name: "bag stores") { _ in
        for _ in 0..<500 { subject.bind(to: shared.value) { owner, value in owner.value = value } }
      }
      #expect(owner.bindings.count == 2_000)
      #expect(owner.bindings.liveBindings.count == 2_000)
      subject.send(3)
      #expect(owner.value == 3)
    }
    // The threads' closures hold the owner until each thread has exited, a moment after it finished,
    // so the last reference may go on one of those threads: the owner's deinit, and the end of its
    // bindings, run there (a weak reference reads nil as soon as that deinit starts).
    #expect(waitUntil { weakOwner == nil }, "the owner was never released")
    #expect(
      waitUntil { subject.core.subscriberCount == 0 }, "\(subject.core.subscriberCount) bindings outlived their owner")
  }
}
