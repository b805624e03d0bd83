/**
 * Who started each room (the first SUB to a key nobody here followed), so that rooms are bounded
 * per address as well as in all: one address cannot take the whole process's room cap with keys
 * of nothing, and a viewer's SUB to a new live still finds room.
 */
export class RoomStarts {
  private readonly starter = new Map<string, string>()
  private readonly perAddress = new Map<string, number>()

  constructor(
    private readonly maxRooms: number,
    private readonly maxPerAddress: number,
  ) {}

  /** Whether `address` may start a room now: under both caps. */
  mayStart(address: string): boolean {
    return (
      this.starter.size < this.maxRooms && (this.perAddress.get(address) ?? 0) < this.maxPerAddress
    )
  }

  started(key: string, address: string): void {
    this.starter.set(key, address)
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1)
  }

  /** The room's last follower left: it no longer counts for the address that started it. */
  ended(key: string): void {
    const address = this.starter.get(key)
    if (address === undefined) return
    this.starter.delete(key)
    const left = (this.perAddress.get(address) ?? 1) - 1
    if (left > 0) this.perAddress.set(address, left)
    else this.perAddress.delete(address)
  }
}
