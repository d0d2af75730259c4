import Dispatch
import Foundation
import Testing

@testable import Bindings

/// Archives written by Combine read back here, and the other way round: each scheduler time type
/// encodes to exactly Combine's JSON, and decodes from it to the same value.
@Suite("scheduler time types encode as Combine does", .releasesEveryObject)
struct SchedulerTimeCodingTests {
  /// Encodes `value` alone and as a member of a keyed container, as an archive holding it would.
  private func expectCoding<Value: Codable & Equatable>(
    _ value: Value, as expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(value)
    #expect(String(decoding: data, as: UTF8.self) == expected, sourceLocation: sourceLocation)
    #expect(try JSONDecoder().decode(Value.self, from: data) == value, sourceLocation: sourceLocation)
    let wrapped = try encoder.encode(["value": value])
    #expect(String(decoding: wrapped, as: UTF8.self) == #"{"value":\#(expected)}"#, sourceLocation: sourceLocation)
    #expect(
      try JSONDecoder().decode([String: Value].self, from: wrapped) == ["value": value], sourceLocation: sourceLocation)
  }

  @Test("DispatchQueue's Stride is keyed _nanoseconds, Combine's name for its stored nanoseconds")
  func dispatchStride() throws {
    try expectCoding(DispatchQueue.SchedulerTimeType.Stride.nanoseconds(419_872), as: #"{"_nanoseconds":419872}"#)
    try expectCoding(DispatchQueue.SchedulerTimeType.Stride.seconds(2), as: #"{"_nanoseconds":2000000000}"#)
    try expectCoding(DispatchQueue.SchedulerTimeType.Stride.nanoseconds(-5), as: #"{"_nanoseconds":-5}"#)
  }

  @Test("a stride archived by Combine decodes to the same duration")
  func dispatchStrideFromCombine() throws {
    let archived = Data(#"{"_nanoseconds":1500}"#.utf8)
    let stride = try JSONDecoder().decode(DispatchQueue.SchedulerTimeType.Stride.self, from: archived)
    #expect(stride == .nanoseconds(1_500))
    let misnamed = Data(#"{"magnitude":1500}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(DispatchQueue.SchedulerTimeType.Stride.self, from: misnamed)
    }
  }

  @Test("DispatchQueue's time is a single number, its uptime in nanoseconds")
  func dispatchTime() throws {
    try expectCoding(DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 42)), as: "42")
  }

  @Test("RunLoop's and OperationQueue's time is keyed date, in seconds since the reference date")
  func runLoopTime() throws {
    let time = RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 1_024.75))
    try expectCoding(time, as: #"{"date":1024.75}"#)
    let queueTime = OperationQueue.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 1_024.75))
    try expectCoding(queueTime, as: #"{"date":1024.75}"#)
  }

  @Test("RunLoop's and OperationQueue's Stride is keyed magnitude, in seconds")
  func runLoopStride() throws {
    try expectCoding(RunLoop.SchedulerTimeType.Stride.seconds(1_024.5), as: #"{"magnitude":1024.5}"#)
    try expectCoding(OperationQueue.SchedulerTimeType.Stride.milliseconds(250), as: #"{"magnitude":0.25}"#)
  }

  @Test("ImmediateScheduler's Stride is keyed magnitude, in plain units")
  func immediateStride() throws {
    try expectCoding(ImmediateScheduler.SchedulerTimeType.Stride(7), as: #"{"magnitude":7}"#)
  }
}
