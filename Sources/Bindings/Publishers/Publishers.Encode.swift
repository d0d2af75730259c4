import Foundation

/// A type that encodes a value into a top-level representation, such as `JSONEncoder` into `Data`.
///
/// ```swift
/// let data = try JSONEncoder().encode([1, 2])   // JSONEncoder is a TopLevelEncoder
/// ```
public protocol TopLevelEncoder {
  /// What the encoder produces.
  associatedtype Output

  /// Encodes `value`.
  func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A type that decodes a value from a top-level representation, such as `JSONDecoder` from `Data`.
///
/// ```swift
/// let numbers = try JSONDecoder().decode([Int].self, from: Data("[1,2]".utf8))
/// ```
public protocol TopLevelDecoder {
  /// What the decoder reads.
  associatedtype Input

  /// Decodes a value of `type` from `from`.
  func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

extension JSONEncoder: TopLevelEncoder {}
extension JSONDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}

extension Publisher where Output: Encodable {
  /// Encodes each value with `encoder`; an encoding error fails the publisher.
  ///
  /// ```swift
  /// let token = Just(["x": 1]).encode(encoder: JSONEncoder())
  ///   .map { String(decoding: $0, as: UTF8.self) }
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // prints "{"x":1}"
  /// ```
  public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
    Publishers.Encode(upstream: self, encoder: encoder)
  }
}

extension Publisher {
  /// Decodes each value as `type` with `decoder`; a decoding error fails the publisher.
  ///
  /// ```swift
  /// let token = Just(Data("[1,2]".utf8)).decode(type: [Int].self, decoder: JSONDecoder())
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // prints "[1, 2]"
  /// ```
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(
    type: Item.Type,
    decoder: Coder
  ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}

extension Publishers {
  /// A publisher that encodes each value of its upstream; see ``Publisher/encode(encoder:)``.
  ///
  /// ```swift
  /// let token = Just([1, 2]).encode(encoder: JSONEncoder())
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print(String(decoding: $0, as: UTF8.self)) })
  /// // prints "[1,2]"
  /// ```
  public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
    /// The encoded form of each value, such as `Data` for a JSON encoder.
    public typealias Output = Coder.Output
    /// The error this publisher can fail with: any error, since the coder can throw as well as the upstream fail.
    public typealias Failure = any Error

    /// The publisher whose values are encoded.
    public let upstream: Upstream
    let encoder: Coder

    /// Encodes the values of `upstream` with `encoder`.
    public init(upstream: Upstream, encoder: Coder) {
      self.upstream = upstream
      self.encoder = encoder
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let encoder = self.encoder
      upstream.tryMap { try encoder.encode($0) }.subscribe(subscriber)
    }
  }

  /// A publisher that decodes each value of its upstream; see ``Publisher/decode(type:decoder:)``.
  ///
  /// ```swift
  /// let token = Just(Data("[1,2]".utf8)).decode(type: [Int].self, decoder: JSONDecoder())
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // prints "[1, 2]"
  /// ```
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
  where Upstream.Output == Coder.Input {
    /// The error this publisher can fail with: any error, since the coder can throw as well as the upstream fail.
    public typealias Failure = any Error

    /// The publisher whose values are decoded.
    public let upstream: Upstream
    let decoder: Coder

    /// Decodes the values of `upstream` with `decoder`.
    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let decoder = self.decoder
      upstream.tryMap { try decoder.decode(Output.self, from: $0) }.subscribe(subscriber)
    }
  }
}
