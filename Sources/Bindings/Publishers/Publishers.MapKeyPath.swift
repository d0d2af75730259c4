extension Publisher {
  /// Publishes the value of a key path of every upstream value.
  ///
  /// ```swift
  /// struct Point { var x: Int; var y: Int }
  /// let token = [Point(x: 1, y: 2)].publisher
  ///   .map(\.x)
  ///   .sink { print($0) }
  /// // prints "1"
  /// ```
  ///
  /// - Parameter keyPath: The key path of a property on `Output`.
  /// - Returns: A publisher of the values at `keyPath`.
  public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }

  /// Publishes the values of two key paths of every upstream value, as a tuple.
  ///
  /// ```swift
  /// struct Point { var x: Int; var y: Int }
  /// let token = [Point(x: 1, y: 2)].publisher
  ///   .map(\.x, \.y)
  ///   .sink { print($0) }
  /// // prints "(1, 2)"
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath0: The key path of a property on `Output`.
  ///   - keyPath1: The key path of another property on `Output`.
  /// - Returns: A publisher of tuples of the values at the key paths.
  public func map<T0, T1>(
    _ keyPath0: KeyPath<Output, T0>,
    _ keyPath1: KeyPath<Output, T1>
  ) -> Publishers.MapKeyPath2<Self, T0, T1> {
    Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
  }

  /// Publishes the values of three key paths of every upstream value, as a tuple.
  ///
  /// ```swift
  /// struct Point { var x: Int; var y: Int; var z: Int }
  /// let token = [Point(x: 1, y: 2, z: 3)].publisher
  ///   .map(\.x, \.y, \.z)
  ///   .sink { print($0) }
  /// // prints "(1, 2, 3)"
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath0: The key path of a property on `Output`.
  ///   - keyPath1: The key path of a second property on `Output`.
  ///   - keyPath2: The key path of a third property on `Output`.
  /// - Returns: A publisher of tuples of the values at the key paths.
  public func map<T0, T1, T2>(
    _ keyPath0: KeyPath<Output, T0>,
    _ keyPath1: KeyPath<Output, T1>,
    _ keyPath2: KeyPath<Output, T2>
  ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
    Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
  }
}

extension Publishers {
  /// A publisher that publishes the value of a key path of every upstream value.
  ///
  /// ```swift
  /// let token = Publishers.MapKeyPath(upstream: ["a", "bc"].publisher, keyPath: \.count)
  ///   .sink { print($0) }
  /// // prints "1", "2"
  /// ```
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream

    /// The key path read from each value.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Creates a publisher that reads `keyPath` from every value of `upstream`.
    public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let keyPath = self.keyPath
      upstream.subscribe(KeyPathInner(downstream: subscriber) { $0[keyPath: keyPath] })
    }
  }

  /// A publisher that publishes the values of two key paths of every upstream value.
  ///
  /// ```swift
  /// let token = Publishers.MapKeyPath2(upstream: ["ab"].publisher, keyPath0: \.count, keyPath1: \.first)
  ///   .sink { print($0) }
  /// // prints "(2, Optional("a"))"
  /// ```
  public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
    /// A tuple of the values the key paths read from each upstream value.
    public typealias Output = (Output0, Output1)
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The key path of the tuple's first element.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The key path of the tuple's second element.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    /// Creates a publisher that reads both key paths from every value of `upstream`.
    public init(
      upstream: Upstream,
      keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
      upstream.subscribe(KeyPathInner(downstream: subscriber) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) })
    }
  }

  /// A publisher that publishes the values of three key paths of every upstream value.
  ///
  /// ```swift
  /// let token = Publishers.MapKeyPath3(
  ///   upstream: ["ab"].publisher, keyPath0: \.count, keyPath1: \.first, keyPath2: \.last)
  ///   .sink { print($0) }
  /// // prints "(2, Optional("a"), Optional("b"))"
  /// ```
  public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
    /// A tuple of the values the key paths read from each upstream value.
    public typealias Output = (Output0, Output1, Output2)
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The key path of the tuple's first element.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The key path of the tuple's second element.
    public let keyPath1: KeyPath<Upstream.Output, Output1>
    /// The key path of the tuple's third element.
    public let keyPath2: KeyPath<Upstream.Output, Output2>

    /// Creates a publisher that reads the three key paths from every value of `upstream`.
    public init(
      upstream: Upstream,
      keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>,
      keyPath2: KeyPath<Upstream.Output, Output2>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
      self.keyPath2 = keyPath2
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
      upstream.subscribe(
        KeyPathInner(downstream: subscriber) {
          ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
        }
      )
    }
  }
}

/// The subscriber of the three key-path maps: it reads the key paths through `read` and hands the
/// upstream subscription straight to the downstream, as ``Publishers/Map`` does.
private struct KeyPathInner<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Failure = Downstream.Failure

  let downstream: Downstream
  let read: (Input) -> Downstream.Input
  let combineIdentifier = CombineIdentifier()

  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    downstream.receive(read(input))
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }

  var description: String { "ValueForKey" }
}
