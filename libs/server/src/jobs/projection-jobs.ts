import { EntityManager } from 'typeorm';
import { enqueue, EnqueueOptions, JobDefinition, JobPayload } from './job';

/**
 * How a projection's handler asks for work after commit: in its own transaction when it applies an event live, and
 * not at all when a rebuild replays history (that work was done when the event first came).
 */
export interface ProjectionJobs {
  enqueue<J extends JobDefinition>(job: J, payload: JobPayload<J>, options: EnqueueOptions): Promise<void>;
}

export function liveJobs(manager: EntityManager): ProjectionJobs {
  return {
    async enqueue(job, payload, options) {
      await enqueue(manager, job, payload, options);
    },
  };
}

export const replayedJobs: ProjectionJobs = {
  async enqueue() {
    // A rebuild only rebuilds tables.
  },
};
