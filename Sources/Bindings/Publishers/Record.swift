/// A publisher that replays a recorded list of values, then a recorded completion, to each
/// subscriber.
///
/// ```swift
/// let recorded = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
/// let token = recorded.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // prints "1", "2", "3", "finished"
/// ```
///
/// Each subscriber gets the values as it requests them, then the completion.
public struct Record<Output, Failure: Error>: Publisher {
  /// What was recorded: values, then a completion.
  public let recording: Recording

  /// Creates a publisher that replays `recording`.
  public init(recording: Recording) {
    self.recording = recording
  }

  /// Creates a publisher that replays `output`, then `completion`.
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    self.init(recording: Recording(output: output, completion: completion))
  }

  /// Creates a publisher that replays what `record` records.
  ///
  /// ```swift
  /// let recorded = Record<Int, TestError> { recording in
  ///   recording.receive(1)
  ///   recording.receive(completion: .failure(.oops))
  /// }
  /// ```
  ///
  /// A recording that `record` leaves open ends with `.finished`.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.init(recording: recording)
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let values = Publishers.Sequence<[Output], Failure>(sequence: recording.output)
    switch recording.completion {
    case .finished:
      values.subscribe(subscriber)
    case .failure(let error):
      values.append(Fail(error: error)).subscribe(subscriber)
    }
  }

  /// Values and a completion, recorded in order.
  ///
  /// ```swift
  /// var recording = Record<Int, Never>.Recording()
  /// recording.receive(1)
  /// recording.receive(completion: .finished)
  /// print(recording.output)   // prints "[1]"
  /// ```
  public struct Recording {
    /// The recorded values.
    public private(set) var output: [Output]
    private var recordedCompletion: Subscribers.Completion<Failure>?

    /// The recorded completion; `.finished` while none was recorded.
    public var completion: Subscribers.Completion<Failure> { recordedCompletion ?? .finished }

    /// An empty recording.
    public init() {
      output = []
    }

    /// A recording of `output`, then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      recordedCompletion = completion
    }

    /// Records a value.
    ///
    /// - Precondition: no completion was recorded yet.
    public mutating func receive(_ input: Output) {
      precondition(recordedCompletion == nil, "Record.Recording: a value was recorded after the completion")
      output.append(input)
    }

    /// Records the completion.
    ///
    /// - Precondition: no completion was recorded yet.
    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      precondition(recordedCompletion == nil, "Record.Recording: a second completion was recorded")
      recordedCompletion = completion
    }
  }
}

extension Record: Sendable where Output: Sendable {}
extension Record.Recording: Sendable where Output: Sendable {}
