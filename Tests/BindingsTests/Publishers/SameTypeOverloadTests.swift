import BindingsTesting
import Testing

@testable import Bindings

/// Combine's operators on a known value return a known value: these tests name the type each returns.
@Suite(
  "Operators on Just, Optional.Publisher, Result.Publisher and Publishers.Sequence keep their types",
  .releasesEveryObject)
struct SameTypeOverloadTests {
  @Test("operators on Just return Just, Optional.Publisher or Result.Publisher")
  func justOperators() {
    let doubled: Just<Int> = Just(21).map { $0 * 2 }
    #expect(doubled.output == 42)
    let odd: Optional<Int>.Publisher = Just(3).filter { $0.isMultiple(of: 2) }
    #expect(odd.output == nil)
    let parsed: Optional<Int>.Publisher = Just("7").compactMap { Int($0) }
    #expect(parsed.output == 7)
    let typed: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
    #expect(typed.result == .success(1))
    let thrown: Result<Int, any Error>.Publisher = Just(1).tryMap { _ in throw TestError.oops }
    #expect((try? thrown.result.get()) == nil)
    #expect(Just("a").count().output == 1)
    #expect(Just(1).collect().output == [1])
    #expect(Just(2).reduce(40, +).output == 42)
    #expect(Just(2).scan(40, +).output == 42)
    #expect(Just(3).contains(3).output == true)
    #expect(Just(3).allSatisfy { $0 > 3 }.output == false)
    #expect(Just(1).dropFirst().output == nil)
    #expect(Just(1).dropFirst(0).output == 1)
    let same: Just<Int> = Just(5).removeDuplicates().first().last().replaceError(with: 0)
    #expect(same.output == 5)
  }

  @Test("a Just made by an operator still publishes its value and finishes")
  func justStillPublishes() {
    let recorder = RecordingSubscriber<Int, Never>()
    Just(21).map { $0 * 2 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(42), .completion(.finished)])
  }

  @Test("operators on Optional.Publisher return Optional.Publisher")
  func optionalOperators() {
    let doubled: Optional<Int>.Publisher = Optional(21).publisher.map { $0 * 2 }
    #expect(doubled.output == 42)
    #expect(Optional(3).publisher.filter { $0 > 3 }.output == nil)
    #expect(Optional("8").publisher.compactMap { Int($0) }.output == 8)
    #expect(Optional<Int>.none.publisher.count().output == 0)
    #expect(Optional(1).publisher.count().output == 1)
    #expect(Optional(1).publisher.dropFirst().output == nil)
    #expect(Optional(1).publisher.first().last().removeDuplicates().output == 1)
  }

  @Test("operators on Result.Publisher return Result.Publisher")
  func resultOperators() {
    let success = Result<Int, TestError>.success(21).publisher
    let failure = Result<Int, TestError>.failure(.oops).publisher
    let doubled: Result<Int, TestError>.Publisher = success.map { $0 * 2 }
    #expect(doubled.result == .success(42))
    #expect(failure.map { $0 * 2 }.result == .failure(.oops))
    let replaced: Result<Int, Never>.Publisher = failure.replaceError(with: 0)
    #expect(replaced.result == .success(0))
    #expect(success.count().result == .success(1))
    #expect(failure.mapError { _ in TestError.other }.result == .failure(.other))
    #expect(Result<Int, Never>.success(1).publisher.setFailureType(to: TestError.self).result == .success(1))
    #expect((try? success.tryMap { $0 + 1 }.result.get()) == 22)
  }

  @Test("operators on Publishers.Sequence return Publishers.Sequence, Just or Optional.Publisher")
  func sequenceOperators() {
    let doubled: Publishers.Sequence<[Int], Never> = [1, 2].publisher.map { $0 * 2 }
    #expect(doubled.sequence == [2, 4])
    #expect([1, 2, 3].publisher.filter { $0 != 2 }.sequence == [1, 3])
    #expect(["1", "x", "3"].publisher.compactMap { Int($0) }.sequence == [1, 3])
    #expect(Array([1, 2, 3].publisher.dropFirst().sequence) == [2, 3])
    #expect(Array([1, 2, 3].publisher.prefix(2).sequence) == [1, 2])
    #expect([1, 2, 3].publisher.scan(0, +).sequence == [1, 3, 6])
    let count: Just<Int> = [1, 2, 3].publisher.count()
    #expect(count.output == 3)
    #expect([1, 2, 3].publisher.reduce(0, +).output == 6)
    #expect([1, 2].publisher.collect().output == [1, 2])
    #expect([Int]().publisher.first().output == nil)
    #expect([1, 2].publisher.contains(2).output == true)
  }
}
