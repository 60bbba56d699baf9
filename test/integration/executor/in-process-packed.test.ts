import { startInProcessExecutor } from '../../support/executor-in-process'
import { describeExecutorConformance } from './conformance'

describeExecutorConformance('in-process, packed run logs', (options) => startInProcessExecutor({ ...options, runLogLayout: 'packed' }))
