import Bindings
import Foundation
import Testing

/// Sets and dictionaries edit a second copy of their contents in place, outside every lock, and
/// redo each edit on the copy it replaced. These tests hold them to what that must keep: a member's
/// or key's `hash(into:)` and `==` never make another thread wait, and the contents after any mix of
/// edits, batches and concurrent edits are exactly what a plain set or dictionary would hold.
@Suite("Set and dictionary edits: user code outside the lock, exact contents", .serialized, .releasesEveryObject)
struct UnorderedEditingTests {
  // Serialized: the tests share one gate, so a test running beside another could take the other's
  // blocked hash (and its semaphores) and leave it waiting forever.

  /// A member whose `hash(into:)` blocks, the first time it runs for `blocking`, until the test
  /// opens the gate.
  struct Gated: Hashable, Sendable {
    let id: Int
    static let gate = Gate()
    static func == (lhs: Gated, rhs: Gated) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) {
      Self.gate.passIfBlocking(id)
      hasher.combine(id)
    }
  }

  /// Blocks the first hash of the armed id until opened.
  final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var armed: Int?
    let entered = DispatchSemaphore(value: 0)
    let opened = DispatchSemaphore(value: 0)

    func arm(_ id: Int) { lock.withLock { armed = id } }

    func passIfBlocking(_ id: Int) {
      let blocks = lock.withLock { () -> Bool in
        guard armed == id else { return false }
        armed = nil
        return true
      }
      guard blocks else { return }
      entered.signal()
      opened.wait()
    }
  }

  /// Runs `edit` on another thread, whose member's hash blocks; while it is blocked, runs `meanwhile`
  /// on a third thread, which must finish without waiting for the blocked hash.
  func whileAHashIsBlocked(
    blocking id: Int,
    _ edit: @escaping @Sendable () -> Void,
    meanwhile: @escaping @Sendable () -> Void
  ) -> Bool {
    Gated.gate.arm(id)
    let editing = DispatchGroup()
    editing.enter()
    Thread {
      edit()
      editing.leave()
    }.start()
    Gated.gate.entered.wait()
    let other = DispatchGroup()
    other.enter()
    Thread {
      meanwhile()
      other.leave()
    }.start()
    let finished = other.wait(timeout: .now() + 20) == .success
    Gated.gate.opened.signal()
    editing.wait()
    other.wait()
    return finished
  }

  @Test("while a member's hash(into:) blocks inside an edit, other threads read, subscribe and edit the set")
  func setBlockedHash() {
    let set = MutableObservableSet<Gated>()
    for id in 0..<10 { set.insert(Gated(id: id)) }
    let checker = setChecker(set)
    let finished = whileAHashIsBlocked(blocking: 100) {
      set.insert(Gated(id: 100))
    } meanwhile: {
      _ = set.count
      _ = set.contents
      let token = set.sink { _ in }
      set.insert(Gated(id: 200))
      set.remove(Gated(id: 0))
      token.cancel()
    }
    #expect(finished, "a reader or another editor waited for a member's hash(into:)")
    #expect(set.contents == Set(([100, 200] + Array(1..<10)).map { Gated(id: $0) }))
    #expect(checker.failures.isEmpty, "\(checker.failures)")
    #expect(checker.contents == set.contents)
  }

  @Test("while a key's hash(into:) blocks inside an edit, other threads read, subscribe and edit the dictionary")
  func dictionaryBlockedHash() {
    let dictionary = MutableObservableDictionary<Gated, Int>()
    for id in 0..<10 { dictionary[Gated(id: id)] = id }
    let checker = dictionaryChecker(dictionary)
    let finished = whileAHashIsBlocked(blocking: 100) {
      dictionary[Gated(id: 100)] = 100
    } meanwhile: {
      _ = dictionary.count
      _ = dictionary.contents
      let token = dictionary.sink { _ in }
      dictionary[Gated(id: 200)] = 200
      dictionary[Gated(id: 0)] = nil
      token.cancel()
    }
    #expect(finished, "a reader or another editor waited for a key's hash(into:)")
    let expected = Dictionary(uniqueKeysWithValues: ([100, 200] + Array(1..<10)).map { (Gated(id: $0), $0) })
    #expect(dictionary.contents == expected)
    #expect(checker.failures.isEmpty, "\(checker.failures)")
    #expect(checker.contents == dictionary.contents)
  }

  @Test("an edit that finds nothing to do on a copy another edit made stale runs again on the new contents")
  func noChangeOnStaleCopy() {
    let set = MutableObservableSet<Gated>()
    for id in 0..<10 { set.insert(Gated(id: id)) }
    let inserted = KeptContents<Bool>()
    // The insert finds 1 already there in its copy, but while its hash blocks, another thread removes 1.
    let setFinished = whileAHashIsBlocked(blocking: 1) {
      inserted.append(set.insert(Gated(id: 1)).inserted)
    } meanwhile: {
      set.remove(Gated(id: 1))
    }
    #expect(setFinished)
    #expect(inserted.all == [true] && set.contents.contains(Gated(id: 1)))

    let dictionary = MutableObservableDictionary<Gated, Int>()
    for id in 0..<10 { dictionary[Gated(id: id)] = id }
    let removed = KeptContents<Int?>()
    // The remove finds no 20 in its copy, but while its hash blocks, another thread sets 20.
    let dictionaryFinished = whileAHashIsBlocked(blocking: 20) {
      removed.append(dictionary.removeValue(forKey: Gated(id: 20)))
    } meanwhile: {
      dictionary[Gated(id: 20)] = 20
    }
    #expect(dictionaryFinished)
    #expect(removed.all == [20] && dictionary[Gated(id: 20)] == nil)
  }

  /// Equal by `id` only, so that `update(with:)` and setting a value can be seen to take effect.
  struct Tagged: Hashable, Sendable, CustomStringConvertible {
    let id: Int
    let tag: Int
    static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { "\(id)#\(tag)" }
  }

  /// The members with their tags, which `==` ignores.
  func tags(_ set: Set<Tagged>) -> [Int: Int] {
    Dictionary(uniqueKeysWithValues: set.map { ($0.id, $0.tag) })
  }

  @Test("random single edits and batches leave a set exactly as a plain set, tags included", arguments: 0..<4)
  func setMatchesModel(round: Int) {
    let seed = TestSeed("setMatchesModel \(round)")
    var random = seed.generator()
    let set = MutableObservableSet<Tagged>()
    var model = Set<Tagged>()
    let checker = setChecker(set)
    for step in 0..<2_000 {
      let member = Tagged(id: Int.random(in: 0..<40, using: &random), tag: step)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<35:
        let result = set.insert(member)
        let expected = model.insert(member)
        #expect(result.inserted == expected.inserted && result.memberAfterInsert.tag == expected.memberAfterInsert.tag)
      case 35..<60:
        #expect(set.update(with: member)?.tag == model.update(with: member)?.tag, "\(seed)")
      case 60..<85:
        #expect(set.remove(member)?.tag == model.remove(member)?.tag, "\(seed)")
      case 85..<92:
        set.batchUpdate { members in
          members.insert(member)
          members.remove(Tagged(id: member.id + 1, tag: 0))
        }
        model.insert(member)
        model.remove(Tagged(id: member.id + 1, tag: 0))
      case 92..<96:
        let others: Set = [Tagged(id: member.id, tag: step), Tagged(id: 40 + step % 5, tag: step)]
        set.formUnion(others)
        model.formUnion(others)
      case 96..<98:
        let replacement = Set((0..<5).map { Tagged(id: $0 * 7, tag: step) })
        set.replace(with: replacement)
        // Replacing with equal members (by ==) changes nothing, and sends nothing.
        if model != replacement { model = replacement }
      default:
        set.removeAll()
        model.removeAll()
      }
      #expect(tags(set.contents) == tags(model), "step \(step), \(seed)")
      if tags(set.contents) != tags(model) { break }
    }
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3)), \(seed)")
    #expect(checker.contents.map(tags) == tags(model), "\(seed)")
  }

  @Test("random single edits and batches leave a dictionary exactly as a plain dictionary", arguments: 0..<4)
  func dictionaryMatchesModel(round: Int) {
    let seed = TestSeed("dictionaryMatchesModel \(round)")
    var random = seed.generator()
    let dictionary = MutableObservableDictionary<Int, Int>()
    var model: [Int: Int] = [:]
    let checker = dictionaryChecker(dictionary)
    for step in 0..<2_000 {
      let key = Int.random(in: 0..<40, using: &random)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<45:
        #expect(dictionary.updateValue(step, forKey: key) == model.updateValue(step, forKey: key), "\(seed)")
      case 45..<70:
        dictionary[key] = step
        model[key] = step
      case 70..<90:
        #expect(dictionary.removeValue(forKey: key) == model.removeValue(forKey: key), "\(seed)")
      case 90..<96:
        dictionary.batchUpdate { entries in
          entries[key] = step
          entries[key + 1] = nil
        }
        model[key] = step
        model[key + 1] = nil
      case 96..<98:
        let replacement = Dictionary(uniqueKeysWithValues: (0..<5).map { ($0 * 7, step) })
        dictionary.replace(with: replacement)
        model = replacement
      default:
        dictionary.removeAll()
        model.removeAll()
      }
      #expect(dictionary.contents == model, "step \(step), \(seed)")
      if dictionary.contents != model { break }
    }
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3)), \(seed)")
    #expect(checker.contents == model, "\(seed)")
  }

  @Test("concurrent single edits, batches and reads of a set and a dictionary: every event exact, the result as edited")
  func concurrentEditsAndReads() {
    let set = MutableObservableSet<Tagged>()
    let dictionary = MutableObservableDictionary<Int, Int>()
    let setEvents = setChecker(set)
    let dictionaryEvents = dictionaryChecker(dictionary)
    let steps = 300 * TestRandomness.scale
    runOnThreads(4, name: "edit") { thread in
      for step in 0..<steps {
        let id = thread * 100_000 + step
        switch step % 6 {
        case 0, 1:
          set.insert(Tagged(id: id, tag: 0))
          dictionary[id] = 0
        case 2:
          set.update(with: Tagged(id: id - 1, tag: 1))
          dictionary.updateValue(1, forKey: id - 1)
        case 3:
          set.remove(Tagged(id: id - 3, tag: 0))
          dictionary.removeValue(forKey: id - 3)
        case 4:
          set.batchUpdate { $0.insert(Tagged(id: id, tag: 2)) }
          dictionary.batchUpdate { $0[id] = 2 }
        default:
          _ = set.contains(Tagged(id: id - 1, tag: 0))
          _ = dictionary[id - 1]
          _ = set.count + dictionary.count
        }
      }
    }
    var expectedSet: [Int: Int] = [:]
    for thread in 0..<4 {
      for step in 0..<steps {
        let id = thread * 100_000 + step
        switch step % 6 {
        case 0, 1: expectedSet[id] = 0
        case 2: expectedSet[id - 1] = 1
        case 3: expectedSet[id - 3] = nil
        case 4: expectedSet[id] = 2
        default: break
        }
      }
    }
    #expect(tags(set.contents) == expectedSet)
    #expect(dictionary.contents == expectedSet)
    #expect(setEvents.failures.isEmpty, "\(setEvents.failures.prefix(3))")
    #expect(dictionaryEvents.failures.isEmpty, "\(dictionaryEvents.failures.prefix(3))")
    #expect(setEvents.contents.map(tags) == expectedSet && dictionaryEvents.contents == dictionary.contents)
  }

  @Test("a subscriber that keeps every event's contents sees each snapshot unchanged by later edits")
  func keptSnapshotsStay() {
    let set = MutableObservableSet<Int>()
    let kept = KeptContents<Set<Int>>()
    let token = set.sink { kept.append($0.contents) }
    var expected: [Set<Int>] = [[]]
    var model = Set<Int>()
    for step in 0..<200 {
      if step % 3 == 2 { set.remove(step - 1); model.remove(step - 1) } else { set.insert(step); model.insert(step) }
      expected.append(model)
    }
    #expect(kept.all == expected)
    token.cancel()
  }

  final class KeptContents<Contents>: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Contents] = []
    func append(_ contents: Contents) { lock.withLock { kept.append(contents) } }
    var all: [Contents] { lock.withLock { kept } }
  }
}
