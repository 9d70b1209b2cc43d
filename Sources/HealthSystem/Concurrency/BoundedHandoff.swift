import Foundation

/// A small blocking queue between one producer thread and one consumer: at most `capacity`
/// items wait, so a fast producer never runs ahead by more than that (memory stays bounded).
/// Either side can close it; `take` returns nil once it is closed and empty.
public final class BoundedHandoff<Item>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Item] = []
  private var closed = false
  private let capacity: Int

  /// A queue holding at most `capacity` items.
  public init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Adds an item, waiting while the queue is full. Returns false when the consumer closed
  /// the queue (the item is dropped and the producer should stop).
  @discardableResult
  public func put(_ item: Item) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= capacity && !closed { condition.wait() }
    guard !closed else { return false }
    items.append(item)
    condition.broadcast()
    return true
  }

  /// Takes the next item, waiting while the queue is empty and open.
  public func take() -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !closed { condition.wait() }
    guard !items.isEmpty else { return nil }
    let item = items.removeFirst()
    condition.broadcast()
    return item
  }

  /// Closes the queue: no more puts; takes drain what is left, then return nil.
  public func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }
}
