// Set-up for every test file (jest.config.js): the emulators check each request they are sent and each answer they
// give against the published descriptions (emulator/contract.ts), and a test fails when one of them saw something its
// contract does not allow. So the tests meet the platform and GitHub as their contracts describe them.
import { afterEach } from '@jest/globals'
import { checkContracts, takeViolations } from '../../emulator/contract.ts'

checkContracts(true)

afterEach(() => {
  const seen = [...new Set(takeViolations())]
  if (seen.length > 0) {
    throw new Error(
      `An emulator saw what its published description does not allow (openapi/):\n${seen.slice(0, 20).join('\n')}`,
    )
  }
})
