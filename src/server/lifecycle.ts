/**
 * Ordered shutdown. Fastify runs onClose hooks in an order that depends on registration and
 * encapsulation; the store must close after every worker and flush, so they are listed here and
 * run in the order they were added, with the store's close added last by buildApp.
 */
export class Lifecycle {
  private readonly tasks: { name: string; run: () => void | Promise<void> }[] = [];

  /**
   * `first` puts the task before every other: a listener added after the app was built (the
   * desktop's loopback one) must stop accepting before the workers behind it stop.
   */
  onStop(name: string, run: () => void | Promise<void>, { first = false }: { first?: boolean } = {}): void {
    if (first) this.tasks.unshift({ name, run });
    else this.tasks.push({ name, run });
  }

  async stop(log: (name: string, err: unknown) => void): Promise<void> {
    for (const task of this.tasks.splice(0)) {
      try {
        await task.run();
      } catch (err) {
        log(task.name, err);
      }
    }
  }
}
