extension Publisher {
  /// Merges this publisher with `other`: values from either are republished as they arrive.
  ///
  /// ```swift
  /// let clicks = PassthroughSubject<String, Never>()
  /// let keys = PassthroughSubject<String, Never>()
  /// let token = clicks.merge(with: keys).sink { print($0) }
  /// clicks.send("click")   // prints "click"
  /// keys.send("return")    // prints "return"
  /// ```
  ///
  /// The merged publisher finishes when every upstream has finished, and fails as soon as one
  /// fails, cancelling the others. While the downstream's demand is limited, each upstream is asked
  /// for one value at a time, and a value that finds no demand waits for it.
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }

  /// Merges this publisher with 2 others: values from any of them are republished as they arrive.
  ///
  /// ```swift
  /// let token = first.merge(with: second, third).sink { print($0) }
  /// second.send(2)   // prints "2"
  /// ```
  public func merge<B: Publisher, C: Publisher>(
    with b: B, _ c: C
  ) -> Publishers.Merge3<Self, B, C>
  where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
    Publishers.Merge3(self, b, c)
  }

  /// Merges this publisher with 3 others: values from any of them are republished as they arrive.
  ///
  /// ```swift
  /// let token = first.merge(with: second, third, fourth).sink { print($0) }
  /// second.send(2)   // prints "2"
  /// ```
  public func merge<B: Publisher, C: Publisher, D: Publisher>(
    with b: B, _ c: C, _ d: D
  ) -> Publishers.Merge4<Self, B, C, D>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure
  {
    Publishers.Merge4(self, b, c, d)
  }

  /// Merges this publisher with 4 others: values from any of them are republished as they arrive.
  ///
  /// ```swift
  /// let token = first.merge(with: second, third, fourth, fifth).sink { print($0) }
  /// second.send(2)   // prints "2"
  /// ```
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E
  ) -> Publishers.Merge5<Self, B, C, D, E>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure
  {
    Publishers.Merge5(self, b, c, d, e)
  }

  /// Merges this publisher with 5 others: values from any of them are republished as they arrive.
  ///
  /// ```swift
  /// let token = first.merge(with: second, third, fourth, fifth, sixth).sink { print($0) }
  /// second.send(2)   // prints "2"
  /// ```
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F
  ) -> Publishers.Merge6<Self, B, C, D, E, F>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure
  {
    Publishers.Merge6(self, b, c, d, e, f)
  }

  /// Merges this publisher with 6 others: values from any of them are republished as they arrive.
  ///
  /// ```swift
  /// let token = first.merge(with: second, third, fourth, fifth, sixth, seventh).sink { print($0) }
  /// second.send(2)   // prints "2"
  /// ```
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
  ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
    G.Output == Output, G.Failure == Failure
  {
    Publishers.Merge7(self, b, c, d, e, f, g)
  }

  /// Merges this publisher with 7 others: values from any of them are republished as they arrive.
  ///
  /// ```swift
  /// let token = first.merge(with: second, third, fourth, fifth, sixth, seventh, eighth).sink { print($0) }
  /// second.send(2)   // prints "2"
  /// ```
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
  ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
    G.Output == Output, G.Failure == Failure, H.Output == Output, H.Failure == Failure
  {
    Publishers.Merge8(self, b, c, d, e, f, g, h)
  }
}

extension Publishers {
  /// A publisher that republishes the values of two publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge(a, b).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where B.Output == A.Output, B.Failure == A.Failure {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B

    /// Merges the given publishers.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(subscriber, to: [{ a.subscribe($0) }, { b.subscribe($0) }])
    }
  }

  /// A publisher that republishes the values of 3 publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge3(a, b, c).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B
    /// The third publisher to merge.
    public let c: C

    /// Merges the given publishers.
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(subscriber, to: [{ a.subscribe($0) }, { b.subscribe($0) }, { c.subscribe($0) }])
    }
  }

  /// A publisher that republishes the values of 4 publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge4(a, b, c, d).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where
    B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure, D.Output == A.Output,
    D.Failure == A.Failure
  {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B
    /// The third publisher to merge.
    public let c: C
    /// The fourth publisher to merge.
    public let d: D

    /// Merges the given publishers.
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(
        subscriber, to: [{ a.subscribe($0) }, { b.subscribe($0) }, { c.subscribe($0) }, { d.subscribe($0) }])
    }
  }

  /// A publisher that republishes the values of 5 publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge5(a, b, c, d, e).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
  where
    B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure, D.Output == A.Output,
    D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure
  {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B
    /// The third publisher to merge.
    public let c: C
    /// The fourth publisher to merge.
    public let d: D
    /// The fifth publisher to merge.
    public let e: E

    /// Merges the given publishers.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(
        subscriber,
        to: [{ a.subscribe($0) }, { b.subscribe($0) }, { c.subscribe($0) }, { d.subscribe($0) }, { e.subscribe($0) }])
    }
  }

  /// A publisher that republishes the values of 6 publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge6(a, b, c, d, e, f).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
  where
    B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure, D.Output == A.Output,
    D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure, F.Output == A.Output, F.Failure == A.Failure
  {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B
    /// The third publisher to merge.
    public let c: C
    /// The fourth publisher to merge.
    public let d: D
    /// The fifth publisher to merge.
    public let e: E
    /// The sixth publisher to merge.
    public let f: F

    /// Merges the given publishers.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(
        subscriber,
        to: [
          { a.subscribe($0) }, { b.subscribe($0) }, { c.subscribe($0) }, { d.subscribe($0) }, { e.subscribe($0) },
          { f.subscribe($0) },
        ])
    }
  }

  /// A publisher that republishes the values of 7 publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge7(a, b, c, d, e, f, g).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge7<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
  >: Publisher
  where
    B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure, D.Output == A.Output,
    D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure, F.Output == A.Output, F.Failure == A.Failure,
    G.Output == A.Output, G.Failure == A.Failure
  {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B
    /// The third publisher to merge.
    public let c: C
    /// The fourth publisher to merge.
    public let d: D
    /// The fifth publisher to merge.
    public let e: E
    /// The sixth publisher to merge.
    public let f: F
    /// The seventh publisher to merge.
    public let g: G

    /// Merges the given publishers.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(
        subscriber,
        to: [
          { a.subscribe($0) }, { b.subscribe($0) }, { c.subscribe($0) }, { d.subscribe($0) }, { e.subscribe($0) },
          { f.subscribe($0) }, { g.subscribe($0) },
        ])
    }
  }

  /// A publisher that republishes the values of 8 publishers of the same output and failure, as they
  /// arrive.
  ///
  /// ```swift
  /// let token = Publishers.Merge8(a, b, c, d, e, f, g, h).sink { print($0) }
  /// b.send(2)   // prints "2"
  /// ```
  public struct Merge8<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
  >: Publisher
  where
    B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure, D.Output == A.Output,
    D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure, F.Output == A.Output, F.Failure == A.Failure,
    G.Output == A.Output, G.Failure == A.Failure, H.Output == A.Output, H.Failure == A.Failure
  {
    /// Publishes values of the output type its upstreams share.
    public typealias Output = A.Output
    /// Fails, if at all, with the failure type its upstreams share.
    public typealias Failure = A.Failure

    /// The first publisher to merge.
    public let a: A
    /// The second publisher to merge.
    public let b: B
    /// The third publisher to merge.
    public let c: C
    /// The fourth publisher to merge.
    public let d: D
    /// The fifth publisher to merge.
    public let e: E
    /// The sixth publisher to merge.
    public let f: F
    /// The seventh publisher to merge.
    public let g: G
    /// The eighth publisher to merge.
    public let h: H

    /// Merges the given publishers.
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
      self.h = h
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(
        subscriber,
        to: [
          { a.subscribe($0) }, { b.subscribe($0) }, { c.subscribe($0) }, { d.subscribe($0) }, { e.subscribe($0) },
          { f.subscribe($0) }, { g.subscribe($0) }, { h.subscribe($0) },
        ])
    }
  }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b
  }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
  }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
  }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e
  }
}

extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
  }
}

extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
      && lhs.g == rhs.g
  }
}

extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
      && lhs.g == rhs.g && lhs.h == rhs.h
  }
}
