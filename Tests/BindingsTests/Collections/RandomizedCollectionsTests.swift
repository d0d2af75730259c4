import Bindings
import Foundation
import Testing

/// The seeded randomized test, for sectioned arrays, sets and dictionaries: after every event the
/// reported change, applied to a copy of the previous contents, must give the new contents
/// exactly. A failure names its seed.
extension RandomizedChangesTests {
  typealias Groups = MutableObservableSectionedArray<Int, Int>

  /// A random path to an existing item, if there is one.
  static func randomItem(in sections: [ArraySection<Int, Int>], _ random: inout SeededGenerator) -> ItemPath? {
    let filled = sections.indices.filter { !sections[$0].items.isEmpty }
    guard let section = filled.randomElement(using: &random) else { return nil }
    return ItemPath(section: section, item: Int.random(in: 0..<sections[section].items.count, using: &random))
  }

  /// A random place to insert an item, if there is a section.
  static func randomSlot(in sections: [ArraySection<Int, Int>], _ random: inout SeededGenerator) -> ItemPath? {
    guard !sections.isEmpty else { return nil }
    let section = Int.random(in: 0..<sections.count, using: &random)
    return ItemPath(section: section, item: Int.random(in: 0...sections[section].items.count, using: &random))
  }

  /// One random single edit of `groups`.
  static func randomSectionedEdit(_ groups: Groups, _ random: inout SeededGenerator) {
    let sections = groups.contents
    let count = sections.count
    let value = Int.random(in: 0..<20, using: &random)
    let section = ArraySection(value, items: (0..<Int.random(in: 0..<3, using: &random)).map { $0 + value })
    switch Int.random(in: 0..<11, using: &random) {
    case 0: groups.appendSection(section)
    case 1: groups.insertSection(section, at: Int.random(in: 0...count, using: &random))
    case 2 where count > 0: groups.removeSection(at: Int.random(in: 0..<count, using: &random))
    case 3 where count > 0:
      groups.moveSection(from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
    case 4 where count > 0: groups.updateMetadata(value, ofSection: Int.random(in: 0..<count, using: &random))
    case 5 where count > 0: groups.appendItem(value, toSection: Int.random(in: 0..<count, using: &random))
    case 6:
      if let slot = randomSlot(in: sections, &random) { groups.insertItem(value, at: slot) }
    case 7:
      if let path = randomItem(in: sections, &random) { groups.removeItem(at: path) }
    case 8:
      if let path = randomItem(in: sections, &random) { groups[path] = value }
    case 9:
      guard let from = randomItem(in: sections, &random) else { break }
      var after = sections
      after[from.section].items.remove(at: from.item)
      guard var to = randomSlot(in: after, &random) else { break }
      if to.section == from.section && to.item == after[to.section].items.count && to.item > 0 { to.item -= 1 }
      if to.section == from.section && after[to.section].items.isEmpty { to.item = 0 }
      groups.moveItem(from: from, to: to)
    case 10 where count > 6: groups.removeAll()
    default: groups.appendSection(section)
    }
  }

  /// One random batch of edits of `groups`.
  static func randomSectionedBatch(_ groups: Groups, _ random: inout SeededGenerator) {
    groups.batchUpdate { batch in
      for _ in 0..<Int.random(in: 1..<8, using: &random) {
        let sections = batch.sections
        let count = sections.count
        let value = Int.random(in: 0..<20, using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0: batch.insertSection(ArraySection(value, items: [value]), at: Int.random(in: 0...count, using: &random))
        case 1 where count > 0: batch.removeSection(at: Int.random(in: 0..<count, using: &random))
        case 2 where count > 0:
          batch.moveSection(
            from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
        case 3 where count > 0: batch.updateMetadata(value, ofSection: Int.random(in: 0..<count, using: &random))
        case 4:
          if let slot = randomSlot(in: sections, &random) { batch.insertItem(value, at: slot) }
        case 5:
          if let path = randomItem(in: sections, &random) { batch.removeItem(at: path) }
        case 6:
          if let path = randomItem(in: sections, &random) { batch[path] = value }
        case 7, 8:
          guard let from = randomItem(in: sections, &random) else { break }
          var after = sections
          after[from.section].items.remove(at: from.item)
          guard var to = randomSlot(in: after, &random) else { break }
          if to.section == from.section && to.item == after[to.section].items.count && to.item > 0 { to.item -= 1 }
          if to.section == from.section && after[to.section].items.isEmpty { to.item = 0 }
          batch.moveItem(from: from, to: to)
        default: batch.appendSection(ArraySection(value))
        }
      }
    }
  }

  @Test("every event of an edited sectioned array applies exactly to the previous contents", arguments: seeds)
  func sectioned(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let groups = Groups()
    let checker = sectionedChecker(groups)
    for _ in 0..<2_000 {
      if Bool.random(using: &random) {
        Self.randomSectionedEdit(groups, &random)
      } else {
        Self.randomSectionedBatch(groups, &random)
      }
    }
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
    #expect(checker.contents == groups.contents, "seed \(seed)")
    #expect(checker.events > 1_000, "seed \(seed)")
  }

  @Test("every event of an edited set and dictionary applies exactly to the previous contents", arguments: seeds)
  func unordered(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let set = MutableObservableSet<Int>()
    let dictionary = MutableObservableDictionary<Int, Int>()
    let setEvents = setChecker(set)
    let dictionaryEvents = dictionaryChecker(dictionary)
    for _ in 0..<2_000 {
      let value = Int.random(in: 0..<30, using: &random)
      let values = (0..<Int.random(in: 0..<5, using: &random)).map { _ in Int.random(in: 0..<30, using: &random) }
      switch Int.random(in: 0..<7, using: &random) {
      case 0: set.insert(value)
      case 1: set.remove(value)
      case 2: set.update(with: value)
      case 3: set.formUnion(values)
      case 4: set.subtract(values)
      case 5:
        set.batchUpdate { members in
          for value in values { if members.contains(value) { members.remove(value) } else { members.insert(value) } }
        }
      default: if set.count > 20 { set.removeAll() } else { set.replace(with: Set(values)) }
      }
      switch Int.random(in: 0..<6, using: &random) {
      case 0: dictionary[value] = values.first ?? 0
      case 1: dictionary[value] = nil
      case 2: dictionary.updateValue(value, forKey: values.last ?? value)
      case 3: dictionary.removeValue(forKey: value)
      case 4:
        dictionary.batchUpdate { entries in
          for key in values { entries[key] = entries[key] == nil ? key : nil }
          if value % 5 == 0 { entries.removeAll() }
        }
      default:
        dictionary.replace(with: Dictionary(values.map { ($0, $0 % 3) }, uniquingKeysWith: { first, _ in first }))
      }
    }
    #expect(setEvents.failures.isEmpty, "seed \(seed): \(setEvents.failures.prefix(3))")
    #expect(dictionaryEvents.failures.isEmpty, "seed \(seed): \(dictionaryEvents.failures.prefix(3))")
    #expect(setEvents.contents == set.contents && dictionaryEvents.contents == dictionary.contents, "seed \(seed)")
    #expect(setEvents.events > 500 && dictionaryEvents.events > 500, "seed \(seed)")
  }
}
