import { badInputSuite } from './bad-input';

badInputSuite(3, 3);
