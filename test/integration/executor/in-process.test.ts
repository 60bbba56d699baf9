import { startInProcessExecutor } from '../../support/executor-in-process'
import { describeExecutorConformance } from './conformance'

describeExecutorConformance('in-process', (options) => startInProcessExecutor(options))
