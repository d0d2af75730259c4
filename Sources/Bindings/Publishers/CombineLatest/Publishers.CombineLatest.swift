extension Publisher {
  /// Combines this publisher with `other`, publishing a tuple of the latest value of each whenever
  /// either publishes, once both have published at least one value.
  ///
  /// ```swift
  /// let left = PassthroughSubject<Int, Never>()
  /// let right = PassthroughSubject<String, Never>()
  /// let token = left.combineLatest(right).sink { print($0) }
  /// left.send(1)       // prints nothing: `right` has no value yet
  /// right.send("a")    // prints "(1, "a")"
  /// left.send(2)       // prints "(2, "a")"
  /// ```
  ///
  /// Requests from the downstream go to every upstream. Each upstream's latest value is kept; when
  /// the downstream has no demand, new combinations are dropped. The result finishes when every
  /// upstream has finished, and fails as soon as one fails, cancelling the others.
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines this publisher with `other`, publishing `transform` of the latest value of each.
  ///
  /// ```swift
  /// let width = PassthroughSubject<Int, Never>()
  /// let height = PassthroughSubject<Int, Never>()
  /// let token = width.combineLatest(height) { $0 * $1 }.sink { print($0) }
  /// width.send(2)
  /// height.send(3)   // prints "6"
  /// width.send(4)    // prints "12"
  /// ```
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.CombineLatest<Self, P>.Transformed<T> where P.Failure == Failure {
    Publishers.CombineLatest(self, other).transformed { transform($0.0, $0.1) }
  }

  /// Combines this publisher with two others, publishing a tuple of the latest value of each.
  ///
  /// ```swift
  /// let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
  /// let c = PassthroughSubject<Int, Never>()
  /// let token = a.combineLatest(b, c).sink { print($0) }
  /// a.send(1); b.send(2); c.send(3)   // prints "(1, 2, 3)"
  /// ```
  public func combineLatest<P: Publisher, Q: Publisher>(
    _ publisher1: P, _ publisher2: Q
  ) -> Publishers.CombineLatest3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2)
  }

  /// Combines this publisher with two others, publishing `transform` of the latest value of each.
  ///
  /// ```swift
  /// let token = a.combineLatest(b, c) { $0 + $1 + $2 }.sink { print($0) }
  /// a.send(1); b.send(2); c.send(3)   // prints "6"
  /// ```
  public func combineLatest<P: Publisher, Q: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.CombineLatest3<Self, P, Q>.Transformed<T> where P.Failure == Failure, Q.Failure == Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2).transformed { transform($0.0, $0.1, $0.2) }
  }

  /// Combines this publisher with three others, publishing a tuple of the latest value of each.
  ///
  /// ```swift
  /// let token = a.combineLatest(b, c, d).sink { print($0) }
  /// a.send(1); b.send(2); c.send(3); d.send(4)   // prints "(1, 2, 3, 4)"
  /// ```
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R
  ) -> Publishers.CombineLatest4<Self, P, Q, R>
  where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
  }

  /// Combines this publisher with three others, publishing `transform` of the latest value of each.
  ///
  /// ```swift
  /// let token = a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.sink { print($0) }
  /// a.send(1); b.send(2); c.send(3); d.send(4)   // prints "10"
  /// ```
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.CombineLatest4<Self, P, Q, R>.Transformed<T>
  where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).transformed {
      transform($0.0, $0.1, $0.2, $0.3)
    }
  }
}

extension Publishers {
  /// A publisher that combines the latest values of two publishers into a tuple.
  ///
  /// ```swift
  /// let token = Publishers.CombineLatest(left, right).sink { print($0) }
  /// left.send(1); right.send("a")   // prints "(1, "a")"
  /// ```
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    @usableFromInline typealias Upstream = Self
    /// A tuple of the latest value of each upstream.
    public typealias Output = (A.Output, B.Output)
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Combines `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subscribe(subscriber, transform: { $0 })
    }

    @inlinable

    func subscribe<S: Subscriber>(_ subscriber: S, transform: @escaping (Output) -> S.Input)
    where S.Failure == Failure {
      let storage = CombiningStorage(
        CombineLatestStateMachine(upstreamCount: 2), downstream: subscriber, values: (A.Output?.none, B.Output?.none),
        description: "CombineLatest", take: { ($0.0!, $0.1!) }, transform: transform)
      storage.start()
      a.subscribe(
        storage.side(0) { $0.0.exchange(with: $1) })
      b.subscribe(
        storage.side(1) { $0.1.exchange(with: $1) })
    }

    func transformed<T>(_ transform: @escaping (Output) -> T) -> Transformed<T> {
      Transformed(upstream: self, transform: transform)
    }

    /// The publisher a transforming `combineLatest` returns: the combination, passed through a
    /// closure, without a separate map stage.
    ///
    /// ```swift
    /// let token = width.combineLatest(height) { $0 * $1 }.sink { print($0) }
    /// width.send(2); height.send(3)   // prints "6"
    /// ```
    public struct Transformed<Output>: Publisher {
      /// Fails, if at all, with the failure type its upstreams share.
      public typealias Failure = A.Failure

      @usableFromInline let upstream: Upstream
      @usableFromInline let transform: (Upstream.Output) -> Output

      /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
      ///
      /// The subscriber then receives a subscription, the values it requests and at most one completion.
      @inlinable

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber, transform: transform)
      }
    }
  }

  /// A publisher that combines the latest values of three publishers into a tuple.
  ///
  /// ```swift
  /// let token = Publishers.CombineLatest3(first, middle, last).sink { print($0) }
  /// first.send("Ada"); middle.send("K."); last.send("Lovelace")   // prints "("Ada", "K.", "Lovelace")"
  /// ```
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    @usableFromInline typealias Upstream = Self
    /// A tuple of the latest value of each upstream.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to combine.
    public let a: A
    /// The second publisher to combine.
    public let b: B
    /// The third publisher to combine.
    public let c: C

    /// Combines `a`, `b` and `c`.
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subscribe(subscriber, transform: { $0 })
    }

    @inlinable

    func subscribe<S: Subscriber>(_ subscriber: S, transform: @escaping (Output) -> S.Input)
    where S.Failure == Failure {
      let storage = CombiningStorage(
        CombineLatestStateMachine(upstreamCount: 3), downstream: subscriber,
        values: (A.Output?.none, B.Output?.none, C.Output?.none), description: "CombineLatest",
        take: { ($0.0!, $0.1!, $0.2!) }, transform: transform)
      storage.start()
      a.subscribe(
        storage.side(0) { $0.0.exchange(with: $1) })
      b.subscribe(
        storage.side(1) { $0.1.exchange(with: $1) })
      c.subscribe(
        storage.side(2) { $0.2.exchange(with: $1) })
    }

    func transformed<T>(_ transform: @escaping (Output) -> T) -> Transformed<T> {
      Transformed(upstream: self, transform: transform)
    }

    /// The publisher a transforming `combineLatest` returns: the combination, passed through a
    /// closure, without a separate map stage.
    ///
    /// ```swift
    /// let token = width.combineLatest(height, depth) { $0 * $1 * $2 }.sink { print($0) }
    /// width.send(2); height.send(3); depth.send(4)   // prints "24"
    /// ```
    public struct Transformed<Output>: Publisher {
      /// Fails, if at all, with the failure type its upstreams share.
      public typealias Failure = A.Failure

      @usableFromInline let upstream: Upstream
      @usableFromInline let transform: (Upstream.Output) -> Output

      /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
      ///
      /// The subscriber then receives a subscription, the values it requests and at most one completion.
      @inlinable

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber, transform: transform)
      }
    }
  }

  /// A publisher that combines the latest values of four publishers into a tuple.
  ///
  /// ```swift
  /// let token = Publishers.CombineLatest4(a, b, c, d).sink { print($0) }
  /// a.send(1); b.send(2); c.send(3); d.send(4)   // prints "(1, 2, 3, 4)"
  /// a.send(5)                                    // prints "(5, 2, 3, 4)"
  /// ```
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    @usableFromInline typealias Upstream = Self
    /// A tuple of the latest value of each upstream.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to combine.
    public let a: A
    /// The second publisher to combine.
    public let b: B
    /// The third publisher to combine.
    public let c: C
    /// The fourth publisher to combine.
    public let d: D

    /// Combines `a`, `b`, `c` and `d`.
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subscribe(subscriber, transform: { $0 })
    }

    @inlinable

    func subscribe<S: Subscriber>(_ subscriber: S, transform: @escaping (Output) -> S.Input)
    where S.Failure == Failure {
      let storage = CombiningStorage(
        CombineLatestStateMachine(upstreamCount: 4), downstream: subscriber,
        values: (A.Output?.none, B.Output?.none, C.Output?.none, D.Output?.none), description: "CombineLatest",
        take: { ($0.0!, $0.1!, $0.2!, $0.3!) }, transform: transform)
      storage.start()
      a.subscribe(
        storage.side(0) { $0.0.exchange(with: $1) })
      b.subscribe(
        storage.side(1) { $0.1.exchange(with: $1) })
      c.subscribe(
        storage.side(2) { $0.2.exchange(with: $1) })
      d.subscribe(
        storage.side(3) { $0.3.exchange(with: $1) })
    }

    func transformed<T>(_ transform: @escaping (Output) -> T) -> Transformed<T> {
      Transformed(upstream: self, transform: transform)
    }

    /// The publisher a transforming `combineLatest` returns: the combination, passed through a
    /// closure, without a separate map stage.
    ///
    /// ```swift
    /// let token = a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.sink { print($0) }
    /// a.send(1); b.send(2); c.send(3); d.send(4)   // prints "10"
    /// ```
    public struct Transformed<Output>: Publisher {
      /// Fails, if at all, with the failure type its upstreams share.
      public typealias Failure = A.Failure

      @usableFromInline let upstream: Upstream
      @usableFromInline let transform: (Upstream.Output) -> Output

      /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
      ///
      /// The subscriber then receives a subscription, the values it requests and at most one completion.
      @inlinable

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber, transform: transform)
      }
    }
  }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b
  }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
  }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
  }
}
