import { Accordion, AccordionDetails, AccordionSummary, Container, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PageHeading from '../../components/PageHeading';

const entries = [
  {
    q: 'How does Keen keep the product list current after you place an order without reloading it?',
    a: 'Apollo Client keeps one normalized cache: every product and order is stored once under its type and id. The placeOrder mutation answers the new order and the product with its new stock, so the cache updates the product card in place and adds the order to My Orders. No list is fetched again.',
  },
  {
    q: 'What are the different ways to manage state in a React application?',
    a: "Local state (useState, useReducer) for one component; lifted state and context for a subtree, like the signed-in user here; URL state for what should survive a reload, like the product id in /purchase/:id; and server state in a cache such as Apollo Client, which is where most of Keen's data lives.",
  },
  {
    q: 'How does prototypal inheritance work in JavaScript?',
    a: 'Every object has a hidden link to another object, its prototype. Reading a property that the object lacks follows that chain until the property is found or the chain ends at null. Classes are syntax over the same mechanism: methods live once on the prototype and every instance shares them.',
  },
  {
    q: 'Why should you never set state directly, as in products = [...]?',
    a: 'React only re-renders when it is told that state changed through the setter. Assigning to the variable changes nothing on screen, and mutating an array in place keeps the same reference, so React and memoised children think nothing changed. Always create a new value and pass it to the setter.',
  },
  {
    q: 'How would you find a knife by name in an array of products?',
    a: "Use products.find((product) => product.name === name) for the first match, or filter with a lower-cased includes() for a search box. For large catalogues let the server search: Keen's products query takes a search option and pages its answer.",
  },
  {
    q: 'What is a unit test and why should you write them?',
    a: 'A unit test checks one small piece, a function or a component, in isolation and fast. Keen\'s forms have tests for every validation message, so a change that breaks "Minimum Quantity Required" fails before a customer sees it. Tests also document what the code is meant to do.',
  },
];

export default function BlogsPage() {
  return (
    <Container maxWidth="md" sx={{ pb: 4 }}>
      <PageHeading>Blogs</PageHeading>
      {entries.map((entry, index) => (
        <Accordion key={entry.q} defaultExpanded={index === 0} slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`blog-${index}-content`} id={`blog-${index}-header`}>
            <Typography component="span" variant="h6">
              {entry.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`blog-${index}-content`}>
            <Typography color="text.secondary">{entry.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Container>
  );
}
