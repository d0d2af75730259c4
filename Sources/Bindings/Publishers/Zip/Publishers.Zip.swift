extension Publisher {
  /// Pairs the values of this publisher and `other` in order: the first with the first, the second
  /// with the second, and so on, publishing each pair once both values have arrived.
  ///
  /// ```swift
  /// let numbers = PassthroughSubject<Int, Never>()
  /// let letters = PassthroughSubject<String, Never>()
  /// let token = numbers.zip(letters).sink { print($0) }
  /// numbers.send(1)
  /// numbers.send(2)
  /// letters.send("a")   // prints "(1, "a")"
  /// letters.send("b")   // prints "(2, "b")"
  /// ```
  ///
  /// Requests from the downstream go to every upstream. The result finishes as soon as an upstream
  /// has finished and none of its values wait to be paired, and fails as soon as one fails,
  /// cancelling the others.
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
    Publishers.Zip(self, other)
  }

  /// Pairs the values of this publisher and `other` in order, publishing `transform` of each pair.
  ///
  /// ```swift
  /// let token = numbers.zip(letters) { "\($1)\($0)" }.sink { print($0) }
  /// numbers.send(1)
  /// letters.send("a")   // prints "a1"
  /// ```
  public func zip<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Zip<Self, P>.Transformed<T> where P.Failure == Failure {
    Publishers.Zip<Self, P>.Transformed(upstream: Publishers.Zip(self, other)) { transform($0.0, $0.1) }
  }

  /// Combines the values of this publisher and two others in order into triples.
  ///
  /// ```swift
  /// let token = a.zip(b, c).sink { print($0) }
  /// a.send(1); b.send(2); c.send(3)   // prints "(1, 2, 3)"
  /// ```
  public func zip<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q) -> Publishers.Zip3<Self, P, Q>
  where P.Failure == Failure, Q.Failure == Failure {
    Publishers.Zip3(self, publisher1, publisher2)
  }

  /// Combines the values of this publisher and two others in order, publishing `transform` of each.
  ///
  /// ```swift
  /// let token = a.zip(b, c) { $0 + $1 + $2 }.sink { print($0) }
  /// a.send(1); b.send(2); c.send(3)   // prints "6"
  /// ```
  public func zip<P: Publisher, Q: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Zip3<Self, P, Q>.Transformed<T> where P.Failure == Failure, Q.Failure == Failure {
    Publishers.Zip3<Self, P, Q>.Transformed(upstream: Publishers.Zip3(self, publisher1, publisher2)) {
      transform($0.0, $0.1, $0.2)
    }
  }

  /// Combines the values of this publisher and three others in order into quadruples.
  ///
  /// ```swift
  /// let token = a.zip(b, c, d).sink { print($0) }
  /// a.send(1); b.send(2); c.send(3); d.send(4)   // prints "(1, 2, 3, 4)"
  /// ```
  public func zip<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R
  ) -> Publishers.Zip4<Self, P, Q, R> where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.Zip4(self, publisher1, publisher2, publisher3)
  }

  /// Combines the values of this publisher and three others in order, publishing `transform` of each.
  ///
  /// ```swift
  /// let token = a.zip(b, c, d) { $0 + $1 + $2 + $3 }.sink { print($0) }
  /// a.send(1); b.send(2); c.send(3); d.send(4)   // prints "10"
  /// ```
  public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Zip4<Self, P, Q, R>.Transformed<T>
  where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.Zip4<Self, P, Q, R>.Transformed(upstream: Publishers.Zip4(self, publisher1, publisher2, publisher3)) {
      transform($0.0, $0.1, $0.2, $0.3)
    }
  }
}

extension Publishers {
  /// A publisher that combines the values of two publishers in order, as
  /// ``Publisher/zip(_:)`` describes.
  ///
  /// ```swift
  /// let token = Publishers.Zip([1, 2].publisher, ["a", "b"].publisher).sink { print($0) }
  /// // prints "(1, "a")", "(2, "b")"
  /// ```
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// A tuple of one value from each upstream, paired in the order they arrived.
    public typealias Output = (A.Output, B.Output)
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to zip.
    public let a: A
    /// The second publisher to zip.
    public let b: B

    /// Zips the given publishers.
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
        ZipStateMachine(upstreamCount: 2), downstream: subscriber,
        values: (EventQueue<A.Output>(), EventQueue<B.Output>()), description: "Zip",
        take: { ($0.0.popFirst()!, $0.1.popFirst()!) }, transform: transform)
      storage.start()
      a.subscribe(
        storage.side(0) {
          $0.0.append($1); return nil
        })
      b.subscribe(
        storage.side(1) {
          $0.1.append($1); return nil
        })
    }

    /// The publisher a transforming `zip` returns: each tuple passed through a closure, without a
    /// separate map stage.
    ///
    /// ```swift
    /// let token = [1, 2].publisher.zip(["a", "b"].publisher) { "\($0)\($1)" }.sink { print($0) }
    /// // prints "1a", "2b"
    /// ```
    public struct Transformed<Output>: Publisher {
      /// Fails, if at all, with the failure type its upstreams share.
      public typealias Failure = A.Failure

      @usableFromInline let upstream: Zip
      @usableFromInline let transform: ((A.Output, B.Output)) -> Output

      init(upstream: Zip, transform: @escaping ((A.Output, B.Output)) -> Output) {
        self.upstream = upstream
        self.transform = transform
      }

      /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
      ///
      /// The subscriber then receives a subscription, the values it requests and at most one completion.
      @inlinable

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber, transform: transform)
      }
    }
  }

  /// A publisher that combines the values of three publishers in order, as
  /// ``Publisher/zip(_:)`` describes.
  ///
  /// ```swift
  /// let token = Publishers.Zip3([1].publisher, ["a"].publisher, [true].publisher).sink { print($0) }
  /// // prints "(1, "a", true)"
  /// ```
  public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// A tuple of one value from each upstream, paired in the order they arrived.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to zip.
    public let a: A
    /// The second publisher to zip.
    public let b: B
    /// The third publisher to zip.
    public let c: C

    /// Zips the given publishers.
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
        ZipStateMachine(upstreamCount: 3), downstream: subscriber,
        values: (EventQueue<A.Output>(), EventQueue<B.Output>(), EventQueue<C.Output>()), description: "Zip",
        take: { ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!) }, transform: transform)
      storage.start()
      a.subscribe(
        storage.side(0) {
          $0.0.append($1); return nil
        })
      b.subscribe(
        storage.side(1) {
          $0.1.append($1); return nil
        })
      c.subscribe(
        storage.side(2) {
          $0.2.append($1); return nil
        })
    }

    /// The publisher a transforming `zip` returns: each tuple passed through a closure, without a
    /// separate map stage.
    ///
    /// ```swift
    /// let token = [1].publisher.zip(["a"].publisher, ["!"].publisher) { "\($0)\($1)\($2)" }.sink { print($0) }
    /// // prints "1a!"
    /// ```
    public struct Transformed<Output>: Publisher {
      /// Fails, if at all, with the failure type its upstreams share.
      public typealias Failure = A.Failure

      @usableFromInline let upstream: Zip3
      @usableFromInline let transform: ((A.Output, B.Output, C.Output)) -> Output

      init(upstream: Zip3, transform: @escaping ((A.Output, B.Output, C.Output)) -> Output) {
        self.upstream = upstream
        self.transform = transform
      }

      /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
      ///
      /// The subscriber then receives a subscription, the values it requests and at most one completion.
      @inlinable

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber, transform: transform)
      }
    }
  }

  /// A publisher that combines the values of four publishers in order, as
  /// ``Publisher/zip(_:)`` describes.
  ///
  /// ```swift
  /// let token = Publishers.Zip4([1].publisher, [2].publisher, [3].publisher, [4].publisher)
  ///   .sink { print($0) }   // prints "(1, 2, 3, 4)"
  /// ```
  public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    /// A tuple of one value from each upstream, paired in the order they arrived.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to zip.
    public let a: A
    /// The second publisher to zip.
    public let b: B
    /// The third publisher to zip.
    public let c: C
    /// The fourth publisher to zip.
    public let d: D

    /// Zips the given publishers.
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
        ZipStateMachine(upstreamCount: 4), downstream: subscriber,
        values: (EventQueue<A.Output>(), EventQueue<B.Output>(), EventQueue<C.Output>(), EventQueue<D.Output>()),
        description: "Zip", take: { ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!) },
        transform: transform)
      storage.start()
      a.subscribe(
        storage.side(0) {
          $0.0.append($1); return nil
        })
      b.subscribe(
        storage.side(1) {
          $0.1.append($1); return nil
        })
      c.subscribe(
        storage.side(2) {
          $0.2.append($1); return nil
        })
      d.subscribe(
        storage.side(3) {
          $0.3.append($1); return nil
        })
    }

    /// The publisher a transforming `zip` returns: each tuple passed through a closure, without a
    /// separate map stage.
    ///
    /// ```swift
    /// let token = [1].publisher.zip([2].publisher, [3].publisher, [4].publisher) { $0 + $1 + $2 + $3 }
    ///   .sink { print($0) }   // prints "10"
    /// ```
    public struct Transformed<Output>: Publisher {
      /// Fails, if at all, with the failure type its upstreams share.
      public typealias Failure = A.Failure

      @usableFromInline let upstream: Zip4
      @usableFromInline let transform: ((A.Output, B.Output, C.Output, D.Output)) -> Output

      init(upstream: Zip4, transform: @escaping ((A.Output, B.Output, C.Output, D.Output)) -> Output) {
        self.upstream = upstream
        self.transform = transform
      }

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

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b
  }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
  }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
  }
}
