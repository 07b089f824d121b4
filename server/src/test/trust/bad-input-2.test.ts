import { badInputSuite } from './bad-input';

badInputSuite(2, 3);
